from __future__ import annotations


class CBC:
    name = "CBC"

    def __init__(self, initialization_vector: bytes) -> None:
        iv = bytes(initialization_vector)
        if len(iv) != 16:
            raise ValueError(f"Invalid IV size ({len(iv)}) for CBC.")
        self.initialization_vector = iv
