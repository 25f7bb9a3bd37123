from kb.cli.entry import main

main()
