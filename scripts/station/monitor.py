#!/usr/bin/python3
"""Sends one command to a qemu monitor (-monitor unix:SOCK,server,nowait)
and prints its answer: `monitor.py SOCK screendump /path/frame.ppm`."""
import socket
import sys
import time


def read_prompt(sock, deadline):
    data = b""
    while not data.endswith(b"(qemu) ") and time.monotonic() < deadline:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data.decode(errors="replace")


def main():
    path, command = sys.argv[1], " ".join(sys.argv[2:])
    deadline = time.monotonic() + 30
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(30)
        sock.connect(path)
        read_prompt(sock, deadline)
        sock.sendall(command.encode() + b"\n")
        answer = read_prompt(sock, deadline)
    # The monitor echoes the command; what follows it is the answer.
    print(answer.replace(command, "", 1).replace("(qemu) ", "").strip())


if __name__ == "__main__":
    main()
