"""A browser stand-in for the parts of `cryptography` that pdfminer.six calls: AES in CBC mode.

No WebAssembly build of `cryptography` can be had for the page, and pdfminer imports it at start-up to
decrypt AES-encrypted PDFs. This package offers exactly ``Cipher(algorithms.AES(key), modes.CBC(iv),
backend=default_backend())`` with ``encryptor()``/``decryptor()`` and ``update``/``finalize``, and hands
the block work to an engine the page installs (the aes-js library, called synchronously from Python):
pure-Python AES would be some twenty times slower. It is only ever installed in the browser build.
"""

from ._engine import set_engine

__version__ = "0.0.1"  # not the real cryptography: AES-CBC only, see above
__all__ = ["set_engine"]
