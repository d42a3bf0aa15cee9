#!/usr/bin/env python3
"""Real touches under Mutter, through its RemoteDesktop D-Bus API.

    mutter-touch.py [--connector Meta-0] [SCRIPT]      (SCRIPT defaults to stdin)

Opens a RemoteDesktop session tied to a ScreenCast session that records one monitor, starts it
and plays a script of finger commands, one per line, executing each line as it is read (so a
test can keep a FIFO open and feed it step by step):

    down SLOT X Y      a finger touches at X,Y (logical pixels of the recorded monitor)
    motion SLOT X Y    the finger moves
    up SLOT            the finger lifts
    pointer X Y        the mouse pointer moves to X,Y (absolute, same coordinates)
    press [BUTTON]     a mouse button goes down (left, right or middle; default left)
    release [BUTTON]   and up again
    sleep SECONDS      waits
    mark NAME          does nothing (a test waits for its "done mark NAME")
    # …                comment; blank lines are skipped

Each executed line is echoed to stdout as "done LINE", so a test can wait for a step. The
first line printed is "ready STREAM_PATH" once the session runs. On end of input the session
is stopped and the helper exits 0; any D-Bus error exits 1 with the error on stderr.

Why not `gdbus call` per step: Mutter ties a RemoteDesktop session to the bus connection that
created it. It closes the session when that connection goes away and refuses calls from any
other sender, so every call must come over one connection that lives as long as the fingers do.
This file therefore speaks just enough of the D-Bus wire protocol itself (Python standard
library only): EXTERNAL authentication, method calls and their replies.
"""
import argparse
import os
import socket
import struct
import sys
import time

# --- Marshalling (little-endian) -------------------------------------------------------------

ALIGN = {"y": 1, "b": 4, "n": 2, "q": 2, "i": 4, "u": 4, "x": 8, "t": 8, "d": 8,
         "s": 4, "o": 4, "g": 1, "v": 1, "a": 4, "(": 8, "{": 8, "h": 4}
FIXED = {"y": "B", "b": "I", "n": "h", "q": "H", "i": "i", "u": "I", "x": "q", "t": "Q",
         "d": "d", "h": "I"}


def split_types(signature):
    """Splits a signature into its complete types: "sa{sv}u" → ["s", "a{sv}", "u"]."""
    types, i = [], 0
    while i < len(signature):
        j = complete_type_end(signature, i)
        types.append(signature[i:j])
        i = j
    return types


def complete_type_end(signature, i):
    c = signature[i]
    if c == "a":
        return complete_type_end(signature, i + 1)
    if c in "({":
        close = ")" if c == "(" else "}"
        j = i + 1
        while signature[j] != close:
            j = complete_type_end(signature, j)
        return j + 1
    return i + 1


class Variant:
    """A value with an explicit D-Bus signature, for `v` arguments."""

    def __init__(self, signature, value):
        self.signature, self.value = signature, value

    def __repr__(self):
        return f"<{self.signature} {self.value!r}>"


class Writer:
    def __init__(self):
        self.buf = bytearray()

    def pad(self, n):
        self.buf += b"\0" * (-len(self.buf) % n)

    def write(self, t, value):
        c = t[0]
        self.pad(ALIGN[c])
        if c in FIXED:
            self.buf += struct.pack("<" + FIXED[c], value)
        elif c in "so":
            data = value.encode()
            self.buf += struct.pack("<I", len(data)) + data + b"\0"
        elif c == "g":
            data = value.encode()
            self.buf += bytes([len(data)]) + data + b"\0"
        elif c == "v":
            self.write("g", value.signature)
            self.write(value.signature, value.value)
        elif c == "a":
            element = t[1:]
            self.buf += b"\0\0\0\0"
            length_at = len(self.buf) - 4
            self.pad(ALIGN[element[0]])
            start = len(self.buf)
            items = value.items() if element[0] == "{" else value
            for item in items:
                self.write(element, item)
            struct.pack_into("<I", self.buf, length_at, len(self.buf) - start)
        elif c in "({":
            for field_type, field in zip(split_types(t[1:-1]), value):
                self.write(field_type, field)
        else:
            raise ValueError(f"cannot marshal type {t}")


class Reader:
    def __init__(self, data, pos=0):
        self.data, self.pos = data, pos

    def align(self, n):
        self.pos += -self.pos % n

    def read(self, t):
        c = t[0]
        self.align(ALIGN[c])
        if c in FIXED:
            (value,) = struct.unpack_from("<" + FIXED[c], self.data, self.pos)
            self.pos += struct.calcsize("<" + FIXED[c])
            return bool(value) if c == "b" else value
        if c in "so":
            (n,) = struct.unpack_from("<I", self.data, self.pos)
            value = self.data[self.pos + 4:self.pos + 4 + n].decode()
            self.pos += 4 + n + 1
            return value
        if c == "g":
            n = self.data[self.pos]
            value = self.data[self.pos + 1:self.pos + 1 + n].decode()
            self.pos += 1 + n + 1
            return value
        if c == "v":
            signature = self.read("g")
            return Variant(signature, self.read(signature))
        if c == "a":
            (n,) = struct.unpack_from("<I", self.data, self.pos)
            self.pos += 4
            element = t[1:]
            self.align(ALIGN[element[0]])
            end, items = self.pos + n, []
            while self.pos < end:
                items.append(self.read(element))
            return dict(items) if element[0] == "{" else items
        if c in "({":
            return tuple(self.read(field) for field in split_types(t[1:-1]))
        raise ValueError(f"cannot unmarshal type {t}")


# --- The connection ---------------------------------------------------------------------------

METHOD_CALL, METHOD_RETURN, ERROR, SIGNAL = 1, 2, 3, 4
FIELD_PATH, FIELD_INTERFACE, FIELD_MEMBER, FIELD_ERROR_NAME = 1, 2, 3, 4
FIELD_REPLY_SERIAL, FIELD_DESTINATION, FIELD_SIGNATURE = 5, 6, 8


class DBusError(Exception):
    pass


class Bus:
    def __init__(self, address):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.socket_path(address))
        self.inbox = b""
        self.serial = 0
        self.authenticate()
        self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello")

    @staticmethod
    def socket_path(address):
        for candidate in address.split(";"):
            kind, _, params = candidate.partition(":")
            values = dict(p.split("=", 1) for p in params.split(",") if "=" in p)
            if kind == "unix" and "path" in values:
                return values["path"]
            if kind == "unix" and "abstract" in values:
                return "\0" + values["abstract"]
        raise SystemExit(f"mutter-touch: no unix socket in DBUS_SESSION_BUS_ADDRESS={address!r}")

    def authenticate(self):
        uid = str(os.getuid()).encode().hex()
        self.sock.sendall(b"\0AUTH EXTERNAL " + uid.encode() + b"\r\n")
        line = self.read_line()
        if not line.startswith(b"OK "):
            raise DBusError(f"authentication refused: {line!r}")
        self.sock.sendall(b"BEGIN\r\n")

    def read_line(self):
        while b"\r\n" not in self.inbox:
            self.receive()
        line, _, self.inbox = self.inbox.partition(b"\r\n")
        return line

    def receive(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise DBusError("the bus closed the connection")
        self.inbox += chunk

    def call(self, destination, path, interface, member, signature="", *args):
        self.serial += 1
        body = Writer()
        for t, value in zip(split_types(signature), args):
            body.write(t, value)
        fields = [(FIELD_PATH, Variant("o", path)), (FIELD_INTERFACE, Variant("s", interface)),
                  (FIELD_MEMBER, Variant("s", member)),
                  (FIELD_DESTINATION, Variant("s", destination))]
        if signature:
            fields.append((FIELD_SIGNATURE, Variant("g", signature)))
        header = Writer()
        header.buf += struct.pack("<cBBBII", b"l", METHOD_CALL, 0, 1, len(body.buf), self.serial)
        header.write("a(yv)", fields)
        header.pad(8)
        self.sock.sendall(bytes(header.buf) + bytes(body.buf))
        return self.wait_reply(self.serial, f"{interface}.{member}")

    def wait_reply(self, serial, what):
        while True:
            kind, fields, body = self.read_message()
            if kind not in (METHOD_RETURN, ERROR) or fields.get(FIELD_REPLY_SERIAL) != serial:
                continue  # signals and anything else are not ours to handle
            signature = fields.get(FIELD_SIGNATURE, "")
            values = Reader(body).read(f"({signature})") if signature else ()
            if kind == ERROR:
                detail = values[0] if values else ""
                raise DBusError(f"{what}: {fields.get(FIELD_ERROR_NAME)}: {detail}")
            return values

    def read_message(self):
        while len(self.inbox) < 16:
            self.receive()
        if self.inbox[0:1] != b"l":
            raise DBusError("only little-endian messages are understood")
        kind, body_length = self.inbox[1], struct.unpack_from("<I", self.inbox, 4)[0]
        (fields_length,) = struct.unpack_from("<I", self.inbox, 12)
        header_end = 16 + fields_length + (-(16 + fields_length) % 8)
        while len(self.inbox) < header_end + body_length:
            self.receive()
        reader = Reader(self.inbox, 12)
        fields = {code: v.value for code, v in reader.read("a(yv)")}
        body = self.inbox[header_end:header_end + body_length]
        self.inbox = self.inbox[header_end + body_length:]
        return kind, fields, body


# --- Mutter's RemoteDesktop and ScreenCast ---------------------------------------------------

RD, SC = "org.gnome.Mutter.RemoteDesktop", "org.gnome.Mutter.ScreenCast"


# Linux input event codes (linux/input-event-codes.h), which NotifyPointerButton takes.
BUTTONS = {"left": 0x110, "right": 0x111, "middle": 0x112}


class TouchSession:
    def __init__(self, bus, connector):
        self.bus = bus
        (self.rd_path,) = bus.call(RD, "/org/gnome/Mutter/RemoteDesktop", RD, "CreateSession")
        (session_id,) = bus.call(RD, self.rd_path, "org.freedesktop.DBus.Properties", "Get",
                                 "ss", RD + ".Session", "SessionId")
        (sc_path,) = bus.call(SC, "/org/gnome/Mutter/ScreenCast", SC, "CreateSession", "a{sv}",
                              {"remote-desktop-session-id": Variant("s", session_id.value)})
        (self.stream,) = bus.call(SC, sc_path, SC + ".Session", "RecordMonitor", "sa{sv}",
                                  connector, {})
        self.session("Start")

    def session(self, member, signature="", *args):
        return self.bus.call(RD, self.rd_path, RD + ".Session", member, signature, *args)

    def run(self, line):
        words = line.split()
        command, args = words[0], words[1:]
        if command == "down" and len(args) == 3:
            self.session("NotifyTouchDown", "sudd", self.stream, int(args[0]),
                         float(args[1]), float(args[2]))
        elif command == "motion" and len(args) == 3:
            self.session("NotifyTouchMotion", "sudd", self.stream, int(args[0]),
                         float(args[1]), float(args[2]))
        elif command == "up" and len(args) == 1:
            self.session("NotifyTouchUp", "u", int(args[0]))
        elif command == "pointer" and len(args) == 2:
            self.session("NotifyPointerMotionAbsolute", "sdd", self.stream, float(args[0]), float(args[1]))
        elif command in ("press", "release") and len(args) <= 1 and (args or ["left"])[0] in BUTTONS:
            self.session("NotifyPointerButton", "ib", BUTTONS[(args or ["left"])[0]], command == "press")
        elif command == "sleep" and len(args) == 1:
            time.sleep(float(args[0]))
        elif command == "mark" and len(args) == 1:
            pass
        else:
            raise SystemExit(f"mutter-touch: not a command: {line!r}")

    def stop(self):
        self.session("Stop")


def main():
    parser = argparse.ArgumentParser(description="Plays finger commands through Mutter's "
                                     "RemoteDesktop API (see the top of this file).")
    parser.add_argument("--connector", default="Meta-0", help="monitor to record (default Meta-0)")
    parser.add_argument("script", nargs="?", help="file of commands (default: stdin)")
    options = parser.parse_args()
    address = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    if not address:
        raise SystemExit("mutter-touch: DBUS_SESSION_BUS_ADDRESS is not set")
    script = open(options.script) if options.script else sys.stdin
    try:
        touches = TouchSession(Bus(address), options.connector)
        print(f"ready {touches.stream}", flush=True)
        for raw in script:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            touches.run(line)
            print(f"done {line}", flush=True)
        touches.stop()
    except (DBusError, OSError) as error:
        print(f"mutter-touch: {error}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
