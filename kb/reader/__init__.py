"""The reader: the rules as hyperlinked pages, served by `mtgkb serve` and exported as a static site.

Everything here goes through the facade (kb.api.KnowledgeBase); pages are Jinja2 templates
with escaping on. ``kb.reader.routes.reader_router`` gives the HTTP routes,
``kb.reader.export.export_html`` the static site.
"""
