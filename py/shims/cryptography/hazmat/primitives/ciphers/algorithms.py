from __future__ import annotations


class AES:
    name = "AES"
    block_size = 128

    def __init__(self, key: bytes) -> None:
        key = bytes(key)
        if len(key) not in (16, 24, 32):
            raise ValueError(f"Invalid key size ({len(key) * 8}) for AES.")
        self.key = key
        self.key_size = len(key) * 8
