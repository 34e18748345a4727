"""``Cipher`` with AES-CBC contexts that behave like `cryptography`'s: whole blocks out of ``update``,
a partial block kept for the next call, and ``finalize`` refusing input that is not whole blocks."""

from __future__ import annotations

from cryptography._engine import get_engine
from cryptography.exceptions import AlreadyFinalized, UnsupportedAlgorithm

from . import algorithms, modes

__all__ = ["Cipher", "algorithms", "modes"]


class _Context:
    def __init__(self, key: bytes, iv: bytes, encrypt: bool) -> None:
        self._run = get_engine().cbc(key, iv, encrypt).run
        self._pending = b""
        self._done = False

    def update(self, data: bytes) -> bytes:
        if self._done:
            raise AlreadyFinalized("Context was already finalized.")
        data = self._pending + bytes(data)
        whole = len(data) - len(data) % 16
        self._pending = data[whole:]
        return bytes(self._run(data[:whole])) if whole else b""

    def finalize(self) -> bytes:
        if self._done:
            raise AlreadyFinalized("Context was already finalized.")
        self._done = True
        if self._pending:
            raise ValueError("The length of the provided data is not a multiple of the block length.")
        return b""


class Cipher:
    def __init__(self, algorithm: algorithms.AES, mode: modes.CBC, backend: object = None) -> None:
        if not isinstance(algorithm, algorithms.AES) or not isinstance(mode, modes.CBC):
            raise UnsupportedAlgorithm("only AES in CBC mode is available in the browser")
        self.algorithm = algorithm
        self.mode = mode

    def encryptor(self) -> _Context:
        return _Context(self.algorithm.key, self.mode.initialization_vector, True)

    def decryptor(self) -> _Context:
        return _Context(self.algorithm.key, self.mode.initialization_vector, False)
