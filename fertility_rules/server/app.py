"""The HTTP and WebSocket application (Starlette): routes, limits, errors, logs.

Every failure a client can cause is a library error sent as JSON (``dump_error``: kind,
message in the client's language, rule id or the JSON path of each problem) with a 4xx
status; a 5xx is a bug. The access log names the method, the path (never the query, where
a token may be) and the status; no token, body or frame is ever logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from fertility_rules.arguments import language_of
from fertility_rules.errors import (
    FertilityError,
    IllegalMoveError,
    MalformedInputError,
    NotAllowedError,
    UnknownIdError,
)
from fertility_rules.formats.errors_json import dump_error
from fertility_rules.games import known_games
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, render
from fertility_rules.records.format import dump_record
from fertility_rules.server.config import ServerConfig
from fertility_rules.server.heap import settled, tend
from fertility_rules.server.limits import Bucket, RateLimiter
from fertility_rules.server.lobby import games_json, page_texts
from fertility_rules.server.messages import (
    error_message,
    moves_text,
    table_entry,
    view_message,
    view_text,
)
from fertility_rules.server.openapi import openapi
from fertility_rules.server.refusals import Refusal, refused
from fertility_rules.server.requests import (
    Answer,
    AnswerRequest,
    MoveFrame,
    Resign,
    Undo,
    frame_id,
    parse_body,
    read_frame,
    read_join_request,
    read_move_request,
    read_seat_request,
    read_table_request,
)
from fertility_rules.server.service import Listener, TableService
from fertility_rules.server.table import Table

__all__ = ["create_app"]

log = logging.getLogger("fertility_rules.server")
access = logging.getLogger("fertility_rules.server.access")

Handler = Callable[[Request], Awaitable[Response]]

_JSON_TYPES = ("application/json",)
_SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
_PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class Failure(Exception):
    """A library error with the HTTP status it is answered with."""

    def __init__(self, status: int, error: FertilityError) -> None:
        super().__init__(str(error))
        self.status = status
        self.error = error


def _status(error: FertilityError) -> int:
    if isinstance(error, UnknownIdError):
        return 404
    if isinstance(error, IllegalMoveError):
        return 422
    if isinstance(error, NotAllowedError):
        return 409 if error.code == Refusal.STALE.value else 403
    return 400


def _single_query(request: HTTPConnection) -> None:
    """Refuses a query parameter given more than once (which of its values would count?)."""
    keys = [key for key, _value in request.query_params.multi_items()]
    for key in dict.fromkeys(keys):
        if keys.count(key) > 1:
            message = _("the query parameter {name} is given more than once", name=key[:64])
            raise Failure(400, MalformedInputError.single(f"?{key[:64]}", message))


def _language(request: HTTPConnection, default: str | None = None) -> str:
    """``?lang=``, else ``default`` (a seat's language), else ``Accept-Language``."""
    asked = request.query_params.get("lang")
    if asked is not None:
        try:
            return language_of(asked[:16]).value
        except UnknownIdError as error:
            raise Failure(400, MalformedInputError.single("?lang", error.message)) from None
    if default is not None:
        return default
    for part in request.headers.get("accept-language", "")[:200].split(","):
        code = part.split(";")[0].strip()
        with contextlib.suppress(UnknownIdError):
            if code and code != "*":
                return language_of(code).value
    return Language.EN.value


def _query_choice(request: Request, name: str, choices: list[str]) -> str | None:
    """The query parameter ``name`` (given at most once), one of ``choices``, or None."""
    given = request.query_params.getlist(name)
    if not given:
        return None
    if len(given) == 1 and given[0] in choices:
        return given[0]
    message = _(
        "the query parameter {name} is given once, as one of {choices}",
        name=name,
        choices=", ".join(choices),
    )
    raise Failure(400, MalformedInputError.single(f"?{name}", message))


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=_SECURITY_HEADERS)


def _token(request: Request | WebSocket, body_token: str | None = None) -> str | None:
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return body_token if body_token is not None else request.query_params.get("token")


class Server:
    """The routes' handlers, over one :class:`TableService`."""

    def __init__(self, service: TableService, config: ServerConfig) -> None:
        self.service = service
        self.config = config

    async def body(self, request: Request) -> object:
        """The request's JSON body, read within the size limit."""
        limit = self.config.max_body
        declared = request.headers.get("content-length", "")
        too_large = MalformedInputError.single(
            "$", _("the request is larger than the limit of {n} bytes", n=limit)
        )
        if declared.isdigit() and int(declared) > limit:
            raise Failure(413, too_large)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in _JSON_TYPES:
            raise Failure(
                415,
                MalformedInputError.single(
                    "$", _("the request body is JSON (Content-Type: application/json)")
                ),
            )
        chunks, size = [], 0
        try:
            async with asyncio.timeout(self.config.body_seconds):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > limit:
                        raise Failure(413, too_large)
                    chunks.append(chunk)
        except TimeoutError:
            message = _(
                "the request body did not arrive within {n} seconds",
                n=f"{self.config.body_seconds:g}",
            )
            raise Failure(408, MalformedInputError.single("$", message)) from None
        except ClientDisconnect:
            # The client left mid-request: nothing to do, and not a failure of the server.
            message = _("the client left before the whole request was sent")
            raise Failure(400, MalformedInputError.single("$", message)) from None
        return parse_body(b"".join(chunks), self.config.json_limits)

    # ------------------------------------------------------------------- lobby

    async def games(self, request: Request) -> Response:
        return _json({"games": games_json(_language(request))})

    async def texts(self, request: Request) -> Response:
        return _json(page_texts(_language(request)))

    async def list_tables(self, request: Request) -> Response:
        language = _language(request)
        game = _query_choice(request, "game", [info.name for info in known_games()])
        over = _query_choice(request, "over", ["true", "false"])
        listed = self.service.tables(game, None if over is None else over == "true")
        return _json({"tables": [table_entry(table, language) for table in listed]})

    async def create_table(self, request: Request) -> Response:
        language = _language(request)
        wanted = read_table_request(await self.body(request))
        maker = request.client.host if request.client else None
        table, tokens = await self.service.create(wanted, maker)
        table_id = table.setup.id
        seats = [
            {
                "name": name,
                "kind": seat.kind.value,
                **(
                    {"token": token, "link": f"/play?table={table_id}#token={token}"}
                    if token
                    else {}
                ),
            }
            for name, seat, token in zip(table.setup.players, table.seats, tokens, strict=True)
        ]
        body = {
            "id": table_id,
            "seats": seats,
            "spectate": f"/play?table={table_id}",
            "table": table_entry(table, language),
        }
        return _json(body, 201)

    async def get_table(self, request: Request) -> Response:
        table = await self.service.find(request.path_params["id"])
        return _json(table_entry(table, _language(request)))

    async def join(self, request: Request) -> Response:
        table_id = request.path_params["id"]
        wanted = read_join_request(await self.body(request))
        table, token = await self.service.join(table_id, wanted.seat, wanted.language)
        return _json(
            {
                "seat": wanted.seat,
                "token": token,
                "link": f"/play?table={table_id}#token={token}",
                "table": table_entry(table, _language(request, wanted.language)),
            },
            201,
        )

    # ------------------------------------------------------------------- playing

    def _seat_language(self, request: Request, table: Table, seat: int | None) -> str:
        """``?lang=``, else the seat's language; errors after this are told in it too."""
        language = _language(request, None if seat is None else table.seats[seat].language)
        request.state.language = language
        return language

    async def _speak_as_seat(self, request: Request, token: str | None) -> None:
        """Errors of a seat's request in the seat's language (when the token holds one)."""
        table = await self.service.find(request.path_params["id"])
        seat = self.service.seat_of(table, token)
        self._seat_language(request, table, seat)

    async def _speak_before_the_body(self, request: Request) -> str | None:
        """The token of the header or the query, whose seat's language a broken body is
        refused in (the body may give a token only once it is read)."""
        token = _token(request)
        await self._speak_as_seat(request, token)
        return token

    async def _speak_as_body_seat(
        self, request: Request, token: str | None, body_token: str | None
    ) -> str | None:
        """The token the request acts with (the header's first, else the body's), its
        seat's language chosen if the body gave it."""
        acting = _token(request, body_token)
        if acting != token:
            await self._speak_as_seat(request, acting)
        return acting

    async def view(self, request: Request) -> Response:
        table = await self.service.find(request.path_params["id"])
        seat = self.service.seat_of(table, _token(request))
        return _json(view_message(table, seat, self._seat_language(request, table, seat)))

    async def picture(self, request: Request) -> Response:
        table = await self.service.find(request.path_params["id"])
        svg = await self.service.picture(table, _language(request))
        headers = {**_SECURITY_HEADERS, "Content-Security-Policy": "default-src 'none'"}
        return Response(svg, media_type="image/svg+xml", headers=headers)

    async def record(self, request: Request) -> Response:
        table = await self.service.find(request.path_params["id"])
        if not table.over:
            raise refused(
                Refusal.HIDDEN,
                _(
                    "The record shows the hidden order of the piles; it is given once the game "
                    "is over."
                ),
                table.rules.hidden_rule,
            )
        return _json(dump_record(table.record()))

    async def moves(self, request: Request) -> Response:
        table = await self.service.find(request.path_params["id"])
        text = moves_text(table, _language(request))
        return Response(text, media_type="application/json", headers=_SECURITY_HEADERS)

    async def move(self, request: Request) -> Response:
        table_id = request.path_params["id"]
        token = await self._speak_before_the_body(request)
        wanted = read_move_request(await self.body(request))
        token = await self._speak_as_body_seat(request, token, wanted.token)
        table = await self.service.play(table_id, token, wanted.move, wanted.ply)
        seat = self.service.seat_of(table, token)
        return _json(view_message(table, seat, self._seat_language(request, table, seat)))

    async def request(self, request: Request) -> Response:
        """``undo``, ``answer`` and ``resign`` by HTTP, as on a socket."""
        table_id = request.path_params["id"]
        kind = request.url.path.rsplit("/", 1)[-1]
        token = await self._speak_before_the_body(request)
        wanted = read_seat_request(await self.body(request), kind)
        token = await self._speak_as_body_seat(request, token, wanted.token)
        if isinstance(wanted, AnswerRequest):
            table = await self.service.answer_undo(table_id, token, wanted.accept)
        elif kind == "undo":
            table = await self.service.ask_undo(table_id, token)
        else:
            table = await self.service.resign(table_id, token)
        seat = self.service.seat_of(table, token)
        return _json(view_message(table, seat, self._seat_language(request, table, seat)))

    # ------------------------------------------------------------------- socket

    async def socket_upgrade(self, request: Request) -> Response:
        """A plain HTTP request to a table's socket: 426, naming the protocol to ask for."""
        await self.service.find(request.path_params["id"])
        message = _(
            "{path} is a WebSocket: connect to it with a WebSocket client.",
            path=request.url.path[:200],
        )
        language = _language(request)
        response = _json(dump_error(refused(Refusal.UPGRADE, message), language), 426)
        response.headers["Upgrade"] = "websocket"
        return response

    async def socket(self, websocket: WebSocket) -> None:
        language = _language_or_english(websocket)
        try:
            _single_query(websocket)
            language = _language(websocket)
            table = await self.service.find(websocket.path_params["id"])
            seat = self.service.seat_of(table, _token(websocket))
            language = _language(websocket, None if seat is None else table.seats[seat].language)
            listener = self.service.subscribe(table.setup.id, seat, language)
        except (FertilityError, Failure) as failure:
            error = failure.error if isinstance(failure, Failure) else failure
            status = failure.status if isinstance(failure, Failure) else _status(error)
            await websocket.accept()
            await websocket.send_text(json.dumps(error_message(error, language)))
            await websocket.close(code=4000 + status)
            return
        await websocket.accept()
        lock = asyncio.Lock()
        sender = asyncio.create_task(self._send_views(websocket, listener, table, lock))
        try:
            await self._receive(websocket, listener, lock)
        finally:
            self.service.unsubscribe(listener)
            if listener.closed:  # the sender tells why and closes: let it (not forever)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(sender), 10.0)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    async def _send_views(
        self, websocket: WebSocket, listener: Listener, table: Table | None, lock: asyncio.Lock
    ) -> None:
        sent = -1
        item: Table | FertilityError | None = table
        while isinstance(item, Table):
            if item.version > sent:
                text = view_text(item, listener.seat, listener.language)
                async with lock:
                    await websocket.send_text(text)
                sent = item.version
            item = None  # not held while waiting: the game may finish and be let go
            item = await listener.queue.get()
        with contextlib.suppress(Exception):
            if item is None:  # too slow to keep up
                await websocket.close(code=1013)
            else:  # closed to make room, told why
                async with lock:
                    await websocket.send_text(
                        json.dumps(error_message(item, listener.language), ensure_ascii=False)
                    )
                    await websocket.close(code=4000 + _status(item))

    async def _receive(self, websocket: WebSocket, listener: Listener, lock: asyncio.Lock) -> None:
        bucket = Bucket(self.config.frames_per_second, self.config.frame_burst)
        too_fast = 0
        while True:
            try:
                message = await websocket.receive()
            except WebSocketDisconnect:
                return
            if message["type"] == "websocket.disconnect" or listener.closed:
                return
            text = message.get("text")
            raw = b"" if text is None else text.encode("utf-8", "replace")
            limited = not bucket.take()
            if not limited:
                too_fast = 0  # a client that waits as told is never closed for its rate
            else:
                too_fast += 1
                if too_fast > self.config.frame_burst:
                    await websocket.close(code=1008)
                    return
            data: object = None
            try:
                if text is None:
                    binary = _("a message is JSON sent in a text frame; binary frames are not read")
                    raise MalformedInputError.single("$", binary)
                if len(raw) > self.config.max_frame:
                    raise MalformedInputError.single(
                        "$",
                        _(
                            "the message is larger than the limit of {n} bytes",
                            n=self.config.max_frame,
                        ),
                    )
                data = parse_body(raw, self.config.json_limits)
                if limited:
                    raise refused(Refusal.RATE, _("Too many messages; slow down."))
                await self._frame(websocket, listener, read_frame(data))
            except FertilityError as error:
                reply = error_message(error, listener.language)
                found = frame_id(data)
                if found is not None:
                    reply["id"] = found
                if limited:  # in whole milliseconds, never short of the wait
                    reply["retry_after"] = math.ceil(1000 * bucket.wait()) / 1000
                async with lock:
                    await websocket.send_text(json.dumps(reply, ensure_ascii=False))

    async def _frame(self, websocket: WebSocket, listener: Listener, frame: Any) -> None:
        table_id, token = listener.table_id, _token(websocket)
        if isinstance(frame, MoveFrame):
            await self.service.play(table_id, token, frame.move, frame.ply)
        elif isinstance(frame, Undo):
            await self.service.ask_undo(table_id, token)
        elif isinstance(frame, Answer):
            await self.service.answer_undo(table_id, token, frame.accept)
        elif isinstance(frame, Resign):
            await self.service.resign(table_id, token)

    # ------------------------------------------------------------------- pages

    async def openapi(self, request: Request) -> Response:
        return _json(openapi())

    async def page(self, request: Request) -> Response:
        name = "table.html" if request.url.path == "/play" else "lobby.html"
        html = resources.files("fertility_rules.server").joinpath("static", name).read_text("utf-8")
        headers = {**_SECURITY_HEADERS, "Content-Security-Policy": _PAGE_POLICY}
        return Response(html, media_type="text/html; charset=utf-8", headers=headers)


def _errors(handler: Handler) -> Handler:
    """Library errors as JSON with their status, in the client's language."""

    async def wrapped(request: Request) -> Response:
        try:
            _single_query(request)
            return await handler(request)
        except (FertilityError, Failure) as failure:
            error = failure.error if isinstance(failure, Failure) else failure
            status = failure.status if isinstance(failure, Failure) else _status(error)
            language = getattr(request.state, "language", None) or _language_or_english(request)
            return _json(dump_error(error, language), status)

    return wrapped


class Guard:
    """Outermost middleware: the rate limit per client address, the access log (method,
    path and status only), and a JSON answer for any bug instead of a traceback."""

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.limiter = RateLimiter(config.requests_per_second, config.request_burst)

    @staticmethod
    async def _too_many(scope: Scope, receive: Receive, send: Send, wait: float) -> None:
        """The 429 answer, in the client's language. A socket is answered the same way
        before its handshake where the server can (the ASGI WebSocket denial response);
        elsewhere it is accepted, told the error, and closed with the code 4429."""
        connection = HTTPConnection(scope)
        error = refused(Refusal.RATE, _("Too many requests; slow down."))
        body = {
            **dump_error(error, _language_or_english(connection)),
            "retry_after": round(wait, 3),
        }
        if scope["type"] == "websocket" and "websocket.http.response" not in scope.get(
            "extensions", {}
        ):
            websocket = WebSocket(scope, receive, send)
            await websocket.accept()
            await websocket.send_text(json.dumps({"type": "error", **body}, ensure_ascii=False))
            await websocket.close(code=4429)
            return
        response = _json(body, 429)
        response.headers["Retry-After"] = str(max(1, math.ceil(wait)))
        await response(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        key = client[0] if client else "-"
        path = str(scope.get("path", ""))[:200]
        if not self.limiter.take(key):
            access.info("%s %s 429", scope.get("method", "WS"), path)
            await self._too_many(scope, receive, send, self.limiter.wait(key))
            return
        started = time.perf_counter()
        status: list[int] = []

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start":
                status.append(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception:
            log.exception("%s %s failed", scope.get("method", "WS"), path)
            if scope["type"] == "http" and not status:
                body = {
                    "error": "internal",
                    "message": render(_("The server failed; the failure is logged.")),
                }
                await _json(body, 500)(scope, receive, send)
                status.append(500)
        elapsed = (time.perf_counter() - started) * 1000
        access.info(
            "%s %s %s %.1f ms",
            scope.get("method", "WS"),
            path,
            status[0] if status else "-",
            elapsed,
        )


async def _not_found(request: Request, _error: Exception) -> Response:
    message = _(
        "There is nothing at {path}; the API is described at /openapi.json.",
        path=request.url.path[:200],
    )
    return _json(dump_error(UnknownIdError(message), _language_or_english(request)), 404)


def _not_allowed_method(routes: list[Route]) -> Callable[[Request, Exception], Awaitable[Response]]:
    """The 405 answer, with the ``Allow`` header RFC 9110 asks for: every method of every
    route of the path (one path may have a route per method)."""

    async def answer(request: Request, _error: Exception) -> Response:
        message = _(
            "{method} is not a method of {path}; the API is described at /openapi.json.",
            method=request.method[:20],
            path=request.url.path[:200],
        )
        allowed = sorted(
            {
                method
                for route in routes
                if route.path_regex.match(request.url.path)
                for method in route.methods or ()
            }
        )
        body = dump_error(refused(Refusal.METHOD, message), _language_or_english(request))
        response = _json(body, 405)
        response.headers["Allow"] = ", ".join(allowed)
        return response

    return answer


def _language_or_english(request: HTTPConnection) -> str:
    try:
        return _language(request)
    except Failure:
        return Language.EN.value


def create_app(service: TableService, config: ServerConfig | None = None) -> ASGIApp:
    """The ASGI application serving ``service``'s tables; it starts and stops the service."""
    config = config or service.config
    server = Server(service, config)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await service.start()
        tending = asyncio.create_task(tend(lambda: service.last_event)) if settled() else None
        try:
            yield
        finally:
            if tending is not None:
                tending.cancel()
            await service.stop()

    def route(path: str, handler: Handler, methods: list[str]) -> Route:
        return Route(path, _errors(handler), methods=methods)

    static = resources.files("fertility_rules.server").joinpath("static")
    routes = [
        Route("/", lambda request: RedirectResponse("/lobby"), methods=["GET"]),
        Route("/lobby", server.page, methods=["GET"]),
        Route("/play", server.page, methods=["GET"]),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
        route("/openapi.json", server.openapi, ["GET"]),
        route("/games", server.games, ["GET"]),
        route("/texts", server.texts, ["GET"]),
        route("/tables", server.list_tables, ["GET"]),
        route("/tables", server.create_table, ["POST"]),
        route("/tables/{id}", server.get_table, ["GET"]),
        route("/tables/{id}/join", server.join, ["POST"]),
        route("/tables/{id}/view", server.view, ["GET"]),
        route("/tables/{id}/picture", server.picture, ["GET"]),
        route("/tables/{id}/record", server.record, ["GET"]),
        route("/tables/{id}/moves", server.moves, ["GET"]),
        route("/tables/{id}/moves", server.move, ["POST"]),
        route("/tables/{id}/undo", server.request, ["POST"]),
        route("/tables/{id}/answer", server.request, ["POST"]),
        route("/tables/{id}/resign", server.request, ["POST"]),
        route("/tables/{id}/socket", server.socket_upgrade, ["GET"]),
        WebSocketRoute("/tables/{id}/socket", server.socket),
    ]
    http_routes = [route for route in routes if isinstance(route, Route)]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={404: _not_found, 405: _not_allowed_method(http_routes)},
    )
    return Guard(app, config)
