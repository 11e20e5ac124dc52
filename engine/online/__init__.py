"""Online tables: moving commands and views between a host and remote seats (step 14).

Qt-free and transport-agnostic. The host (`HostTable`) alone runs the engine and knows the seed;
seats (`SeatClient`) hold the public log and their own view, and verify the whole game once the
seed is revealed. Messages (`messages`) travel over a `Transport`: a room in one total order plus
private messages to one account (Matrix: a room's timeline and to-device messages);
`MemoryRoom` is the in-memory one the tests play over. Nothing else in `engine` imports this.
"""
from .client import SeatClient, VerificationError
from .host import HostResumeError, HostTable, PostPolicy
from .messages import MessageError, parse, seed_commitment
from .transport import (
    MemoryRoom,
    MemoryTransport,
    PrivateMessage,
    RoomEvent,
    Status,
    Transport,
    TransportClosed,
    fan_out,
)

__all__ = ["HostResumeError", "HostTable", "MemoryRoom", "MemoryTransport", "MessageError", "PostPolicy",
           "PrivateMessage", "RoomEvent", "SeatClient", "Status", "Transport", "TransportClosed",
           "VerificationError", "fan_out", "parse", "seed_commitment"]
