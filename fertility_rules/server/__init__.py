"""A table server for apps in any language: games over HTTP and WebSocket, kept in a store.

Needs the ``server`` extra (``pip install 'fertility_rules[server]'``: Starlette and
uvicorn; ``psycopg`` for PostgreSQL). ``fertility-rules serve`` runs it;
:func:`~fertility_rules.server.app.create_app` gives the ASGI application to mount in
another one. The server reaches its games only through :mod:`fertility_rules.games`.
"""
