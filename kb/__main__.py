from kb.entry import main

main()
