"""A network between one phone and the server that a test can cut: `down` closes every
connection at once (no route to the server), `lose` passes a POST to the server and
drops its answer (the server wrote, the phone never heard). Real sockets, no browser
emulation: the phone sees what a dead Wi-Fi or a dropped answer makes it see."""

from __future__ import annotations

import socket
import threading


def _read_request(conn: socket.socket) -> bytes | None:
    """One HTTP request from the phone: its head and its body (Content-Length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        body += chunk
    # one request a connection: the phone opens a new one for the next
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"connection:")]
    return b"\r\n".join([*lines, b"Connection: close"]) + b"\r\n\r\n" + body


class Proxy:
    """127.0.0.1:<port> in front of the server at `target` (host, port)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.mode = "pass"  # "pass", "down" or "lose" (the next POST's answer, once)
        self.lost = 0  # POSTs whose answer was dropped
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with conn:
            if self.mode == "down":
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\0\0\0\0\0\0\0")
                return  # closed at once: reset, as with no route
            request = _read_request(conn)
            if request is None:
                return
            answer = b""
            try:
                with socket.create_connection(self.target) as server:
                    server.sendall(request)
                    while chunk := server.recv(65536):
                        answer += chunk
            except OSError:
                return  # the server itself is stopped: the phone's connection just closes
            if self.mode == "lose" and request.startswith(b"POST"):
                self.mode = "pass"
                self.lost += 1
                return  # the server wrote; its answer never reaches the phone
            conn.sendall(answer)

    def close(self) -> None:
        self.listener.close()
