"""The HTTP front end: a FastAPI app over the facade (docs/http.md)."""
