"""Request and response models of the public REST API (XCreate in, XPublic out)."""

from __future__ import annotations

import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator, model_validator

from ..hub.fairness import CLIENT_SEED_PATTERN
from ..hub.namesakes import tell_apart
from ..text import is_control, shows_something


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerCreate(Strict):
    name: str = Field(min_length=1, max_length=40, examples=["Sara"])

    @field_validator("name")
    @classmethod
    def _not_blank(cls, name: str) -> str:
        # NFC: the same letters typed on two keyboards are the same name.
        name = " ".join(unicodedata.normalize("NFC", name).split())
        if not shows_something(name):
            raise ValueError("a name needs at least one visible character")
        if any(is_control(c) for c in name):  # a name must not display as another's
            raise ValueError("a name may not contain control characters")
        return name


class PlayerRename(PlayerCreate):
    """A new display name for the same identity (same id, same token)."""


class PlayerPublic(BaseModel):
    id: str
    name: str


class PlayerCreated(PlayerPublic):
    token: str = Field(description="Send as `Authorization: Bearer <token>`; shown only once.")


class PlayerMe(PlayerPublic):
    protected: bool = Field(description="whether a recovery code can restore this identity elsewhere")


class RecoveryCode(BaseModel):
    code: str = Field(
        description="Shown only once: type it in another browser (POST /api/players/restore) "
        "to play there as the same player. A new code replaces it.",
        examples=["7K2QM-9XH4T-D0RWA-3JP8N-EV5BC"],
    )


class RestoreBody(Strict):
    # Long enough for the code with any spacing a person types, short enough to refuse a flood.
    code: str = Field(min_length=1, max_length=64, examples=["7K2QM-9XH4T-D0RWA-3JP8N-EV5BC"])


class RecoveryReplace(Strict):
    end_other_sessions: StrictBool = Field(
        True,
        description="end every session of yours but this one (true or false; a leaked code's sessions end with it)",
    )


class SessionPublic(BaseModel):
    """One browser signed in as you: its token is never shown again, only this."""

    id: str
    origin: Literal["created", "restored"] = Field(
        description="made with the player (POST /api/players) or by a recovery code (POST /api/players/restore)"
    )
    created_ms: int
    last_used_ms: int = Field(description="to within the hour")
    current: bool = Field(description="whether this is the session of the token that asked")


class SessionsPublic(BaseModel):
    sessions: list[SessionPublic] = Field(description="newest first")


class BotLevelPublic(BaseModel):
    level: str = Field(examples=["hard"])
    rating: float | None = Field(
        description="the level's rating on the game's scale (mu - 3 sigma, as the leaderboard shows a "
        "person's), from bot games the bench plays; null until measured"
    )
    mu: float | None
    sigma: float | None


class GamePublic(BaseModel):
    slug: str
    title: str
    min_players: int
    max_players: int
    fewest_players: int = Field(description="the smallest table any mode allows (Twin It's coop: 1)")
    most_players: int = Field(description="the largest table any mode allows")
    realtime: bool
    default_config: dict[str, Any]
    config_options: dict[str, dict[str, Any]] = Field(
        description='per key: {"choices": [...]} or {"min": n, "max": m}; for building a form'
    )
    presets: dict[str, dict[str, Any]] = Field(description="named config sets, e.g. Twin It's classic")
    bot_levels: list[BotLevelPublic] = Field(
        default_factory=list, description="the levels a host may seat (POST /api/rooms/{code}/bots), weakest first"
    )
    tutorial_minutes: int | None = Field(
        None, description="the length of the game's tutorial (GET /api/tutorials/{slug}); null: none yet"
    )


class RoomCreate(Strict):
    game: str = Field(examples=["jekyll-vs-hyde"])
    # StrictBool in request bodies: lax mode would take 0, 1, "no" or "on" for a boolean.
    private: StrictBool = True
    config: dict[str, Any] = Field(default_factory=dict)
    reconnect_grace_s: int = Field(
        60,
        ge=10,
        le=3600,
        description="how long a seated player may be gone before a bot plays for them until they return",
    )


class RoomPlayerPublic(PlayerPublic):
    display_name: str = Field(
        description="the name as the room shows it: with a tag of the id's first hex "
        "digits when another person there has the same name",
        examples=["Host #3f2c"],
    )


class SeatPublic(BaseModel):
    seat: int
    player: RoomPlayerPublic | None
    bot: str | None = Field(description="the bot's level if a bot plays this seat")
    stand_in: bool = Field(
        False,
        description="a bot plays for this seat's player, who has been gone longer "
        "than the room's reconnect_grace_s, until they return",
    )


Presence = Literal["connected", "reconnecting", "away"]


class RescueRequested(BaseModel):
    seat: int
    player: PlayerPublic = Field(description="who asked")
    asked_ms: int
    grant_at_ms: int | None = Field(
        None, description="always null: no seat is granted by time alone (kept for clients of the earlier protocol)"
    )
    approvals: list[str] = Field(
        default_factory=list,
        description="ids of the seated players who said yes, while the host is away (the host alone decides when here)",
    )
    needed: int | None = Field(
        None,
        description="yeses that grant the seat while the host is away (a majority of "
        "the seated players); 0 when no seated player is here to decide, so the bot plays on; "
        "null while the host is here to decide",
    )


class RescueDecided(BaseModel):
    seat: int
    granted: bool


class RoomPublic(BaseModel):
    code: str
    url: str
    game: str
    title: str
    config: dict[str, Any]
    private: bool
    status: Literal["waiting", "playing", "finished"]
    host: RoomPlayerPublic
    reconnect_grace_s: int
    max_seats: int
    min_players: int
    commitment: str | None = Field(
        None,
        description="SHA-256 (hex) of the game's secret server seed, public "
        "before the deal; the seed is revealed at the end (GET .../verify)",
    )
    player_counts: list[int] = Field(
        description="every seat count the game can start with (Double Connect's teams: 4, 6 or 8)"
    )
    game_id: int | None
    seats: list[SeatPublic]
    presence: dict[int, Presence] = Field(
        description="per seat held by a person: connected, reconnecting (dropped moments ago) or away"
    )
    spectators: int = Field(description="sockets watching without a seat")
    rematch_requests: list[str] = Field(description="ids of seated players asking the host for a rematch")
    rescue_requests: list[RescueRequested] = Field(
        default_factory=list, description="people asking to take over a seat a bot stands in for"
    )
    spectator_chat: bool = Field(
        False, description="whether spectators may write in the room's chat (players always may)"
    )
    muted: list[str] = Field(default_factory=list, description="ids of the players the host muted in the chat")

    _namesakes = model_validator(mode="before")(tell_apart)


class ChatLinePublic(BaseModel):
    """One chat line or reaction of a room (docs/CHAT.md); `body` is plain text, never markup."""

    id: int
    player: PlayerPublic
    kind: Literal["text", "reaction"]
    body: str = Field(
        description="the cleaned text (at most 280 characters), or the reaction's name", examples=["good game!"]
    )
    sent_ms: int


class ChatPublic(BaseModel):
    messages: list[ChatLinePublic] = Field(description="the room's recent lines (at most 50), oldest first")


class ChatSettingsBody(Strict):
    spectators: StrictBool = Field(examples=[True], description="whether spectators may write in the chat")


class MuteBody(Strict):
    player_id: str = Field(min_length=1, max_length=64, examples=["3f2c9a4e8b7d41c6a0e5f9d2b1c8a7e6"])


class ChatSettingsPublic(BaseModel):
    spectator_chat: bool
    muted: list[str] = Field(description="ids of the muted players")


class JoinBody(Strict):
    client_seed: str | None = Field(
        None,
        pattern=CLIENT_SEED_PATTERN,
        examples=["k3Jq9x"],
        description="your part of the next game's seed (1–64 printable ASCII characters, "
        "no spaces): the server cannot have picked the deal alone",
    )


class JoinResult(BaseModel):
    seat: int


class BotCreate(Strict):
    level: Literal["easy", "normal", "hard", "expert"] = Field(
        "normal", description="expert only in the games whose bots have one (GET /api/games: bot_levels)"
    )
    seat: int | None = Field(default=None, ge=0, le=63)


class SeatMove(Strict):
    to: int = Field(ge=0, le=63, description="the seat to move to; whoever sits there takes the old seat")


class SeatsPublic(BaseModel):
    seats: list[SeatPublic]

    _namesakes = model_validator(mode="before")(tell_apart)


class RematchRequested(BaseModel):
    requested: bool


class LeaveResult(BaseModel):
    seat: int
    handed_to_bot: bool


class StartResult(BaseModel):
    game_id: int


class ActionCreate(Strict):
    action: dict[str, Any] = Field(examples=[{"type": "play_card", "card": 9, "named_color": None}])
    client_seq: int | None = Field(
        default=None, ge=0, le=2**53, description="optional: a resend with the same number is applied once"
    )


class ActionResult(BaseModel):
    version: int
    events: list[dict[str, Any]]


class VerifyCheck(BaseModel):
    name: Literal["commitment", "seed", "replay", "result"]
    passed: bool
    detail: str


class VerifyPublic(BaseModel):
    game_id: int
    game: str
    passed: bool = Field(description="every check passed")
    checks: list[VerifyCheck]
    seed: int
    players: int
    log_rows: int
    room_id: int | None = Field(None, description="the room's id, which the seed's message signs")
    seed_scheme: Literal["room-id", "room-code"] | None = Field(
        None,
        description="what the message names the room by: its id, or (games dealt before 2026-12) its code, "
        "which stays private, so only the server's `seed` check covers those games",
    )
    game_number: int | None = None
    server_seed: str | None = Field(None, description="revealed now that the game is over")
    commitment: str | None = None
    client_seeds: list[str] | None = None
    config: dict[str, Any] | None = None


class ReplayFrame(BaseModel):
    version: int
    server_ms: int
    view: dict[str, Any]
    events: list[dict[str, Any]] = Field(description="the events of this version, as this viewer heard them")


class ReplayPublic(BaseModel):
    game_id: int
    game: str
    players: int
    names: list[str | None] = Field(description="who played each seat (null: a bot)")
    seat: int | None = Field(description="whose eyes; null: a spectator's")
    viewable_seats: list[int] = Field(
        default_factory=list,
        description="the seats the caller may replay: held now (a running game) or at the end (a finished one)",
    )
    finished: bool
    result: dict[str, Any] | None
    frames: list[ReplayFrame]
    next_after: int | None = Field(description="more frames: ask again with after=this")


class StatePublic(BaseModel):
    game_id: int
    version: int
    seat: int | None
    view: dict[str, Any]
    legal_actions: list[dict[str, Any]]
    result: dict[str, Any] | None
    commitment: str | None = Field(
        None,
        description="SHA-256 (hex) of the game's secret server seed, public "
        "before the deal; the seed is revealed at the end (GET .../verify)",
    )


class LogEntry(BaseModel):
    seq: int
    seat: int | None
    server_ms: int = Field(description="the time the engine judged it at: a race action's compensated time")
    action: dict[str, Any]
    timing: dict[str, Any] | None = Field(
        default=None,
        description="a race action judged in a lag-compensation window: received_ms, "
        "reported_ms, seen_version, compensation_ms and the race it won",
    )


class LogPublic(BaseModel):
    game_id: int
    finished: bool
    entries: list[LogEntry] = Field(description="at most `limit` entries with seq > `after`, in order")
    next_after: int | None = Field(description="pass as `after` for the next page; null: this was the last")
    seed: int | None = None
    players: int | None = None
    config: dict[str, Any] | None = None
    started_ms: int | None = None
    fairness: dict[str, Any] | None = Field(
        None,
        description="once the game is over: the revealed server seed, its "
        "commitment, the client seeds, the room code and game "
        "number that derive `seed` (docs/FAIR_SHUFFLES.md)",
    )


class RatingPublic(BaseModel):
    """A person's rating in one title (openskill's Plackett-Luce): `ordinal` = mu - 3 sigma."""

    mu: float = Field(examples=[27.6])
    sigma: float = Field(description="the uncertainty of `mu`", examples=[8.07])
    ordinal: float = Field(description="mu - 3 sigma: what the leaderboard orders by", examples=[3.4])
    games: int = Field(description="rated games played", examples=[6])
    provisional: bool = Field(description="fewer rated games than the leaderboard asks for")


class TitleRecord(BaseModel):
    game: str = Field(examples=["jekyll-vs-hyde"])
    title: str = Field(examples=["Jekyll vs. Hyde"])
    played: int = Field(description="finished games, rated or not")
    won: int = Field(description="finished games placed first (alone or tied, or with one's team)")
    rating: RatingPublic | None = Field(description="none before a first rated game")


class RecentGame(BaseModel):
    game_id: int = Field(examples=[42])
    game: str = Field(examples=["jekyll-vs-hyde"])
    title: str
    rank: int = Field(description="1 is first; teammates and ties share a rank")
    players: int
    ended_ms: int
    rated: bool
    rating_change: float | None = Field(description="the ordinal's change in a rated game")
    replay_url: str = Field(examples=["/replay/42"])


class RatingPoint(BaseModel):
    ended_ms: int
    ordinal: float


class PlayerHistory(BaseModel):
    id: str
    name: str
    min_games: int = Field(description="rated games a rating needs to stop being provisional")
    titles: list[TitleRecord]
    recent: list[RecentGame] = Field(description="the last 20 finished games, newest first")
    history: dict[str, list[RatingPoint]] = Field(
        description="per title, the ordinal after each rated game, oldest first (for a chart)"
    )


class LeaderboardRow(BaseModel):
    position: int = Field(examples=[1])
    id: str
    name: str
    rating: RatingPublic
    games: int


class LeaderboardPublic(BaseModel):
    game: str
    title: str
    min_games: int = Field(description="rated games a player needs to be listed (provisional players are not)")
    total: int
    offset: int
    players: list[LeaderboardRow]
    next_offset: int | None = Field(description="the offset of the next page, if there is one")


class ErrorPublic(BaseModel):
    """Every refusal: a stable code (translated by the client) and an English sentence."""

    code: str = Field(examples=["room_not_found"])
    message: str


# The refusals any operation may answer, for the OpenAPI schema (each router declares them).
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorPublic, "description": description}
    for status, description in {
        400: "a malformed request or action",
        401: "no token, or one that opens no session (unknown, ended or expired)",
        403: "not yours to do",
        404: "no such room or game",
        409: "refused by the room's or the game's rules",
        413: "a body over the size limit",
        422: "a field of the request is invalid",
        429: "too many requests (see Retry-After)",
        503: "storage unavailable; try again",
    }.items()
}


# -- notifications (api/routes/push.py, docs/NOTIFICATIONS.md) -----------------------------------


class PushKeyPublic(BaseModel):
    public_key: str = Field(
        description="the server's VAPID public key (an uncompressed P-256 point, 65 bytes, base64url): "
        "PushManager.subscribe's applicationServerKey"
    )


class PushKeys(BaseModel):
    # Longer than any valid key, so a wrong one gets its own code (push_keys_invalid), not a generic 422.
    p256dh: str = Field(max_length=256)
    auth: str = Field(max_length=256)


class PushSubscriptionCreate(BaseModel):
    """A browser's PushSubscription.toJSON(). Fields a browser may add are ignored, not refused
    (nor stored): subscribing must not break on a newer browser."""

    model_config = ConfigDict(extra="ignore")

    # Longer than the 1 KiB an endpoint may be, so a longer one gets push_endpoint_refused.
    endpoint: str = Field(max_length=4096, examples=["https://fcm.googleapis.com/fcm/send/c1KrmpTuRm0:APA91b..."])
    keys: PushKeys
    expirationTime: float | None = Field(None, description="accepted and not kept")  # noqa: N815  (the browser's name)


class PushSubscribed(BaseModel):
    id: str


class DevicePublic(BaseModel):
    """One of your devices that takes notifications; its endpoint and keys are never shown again."""

    id: str
    service: str = Field(description="the host of its push service, e.g. fcm.googleapis.com")
    created_ms: int
    last_sent_ms: int | None


class DevicesPublic(BaseModel):
    devices: list[DevicePublic] = Field(description="newest first; at most 10")


class QuietHours(Strict):
    start: str = Field(max_length=5, examples=["23:00"], description="HH:MM in your time zone")
    end: str = Field(max_length=5, examples=["07:00"], description="HH:MM; before start: the span wraps midnight")


class NoticesPublic(BaseModel):
    turn: bool
    reminder: bool
    invitation: bool
    rematch: bool
    rescue: bool


class PlayerSettingsPublic(BaseModel):
    lang: Literal["fa", "en"]
    time_zone: str = Field(examples=["Asia/Tehran"])
    calendar: Literal["persian", "gregorian"]
    quiet_hours: QuietHours | None
    notices: NoticesPublic


class PlayerSettingsPatch(Strict):
    """Any subset of your settings; `quiet_hours: null` turns quiet hours off."""

    lang: Literal["fa", "en"] | None = None
    time_zone: str | None = Field(None, max_length=100, description="an IANA name, e.g. Europe/Berlin")
    calendar: Literal["persian", "gregorian"] | None = None
    quiet_hours: QuietHours | None = None
    notices: dict[str, StrictBool] | None = Field(None, description="kinds to turn on (true) or off (false)")


# -- friends, blocks and invitations (api/routes/friends.py, docs/FRIENDS.md) ----------------------


class PlayerRef(Strict):
    player_id: str = Field(min_length=1, max_length=64, examples=["3f2c9a4e8b7d41c6a0e5f9d2b1c8a7e6"])


class PersonPublic(PlayerPublic):
    """Someone you played with: when you last played, how many games, and where you stand."""

    last_played_ms: int
    games: int
    friend: Literal["none", "friends", "incoming", "outgoing"] = Field(
        description="friends, a request they sent you (incoming) or you sent them (outgoing), or none"
    )
    blocked: bool = Field(description="whether you blocked this person")


class PeoplePublic(BaseModel):
    people: list[PersonPublic]


class FriendRoom(BaseModel):
    """The room a friend sits in now. `code` only when you may open it: a public room, or a
    private one you sit in too."""

    code: str | None
    game: str
    status: Literal["waiting", "playing"]
    pace: str
    their_turn: bool = Field(description="whether it is this friend's move in that game")


class FriendPublic(PlayerPublic):
    since_ms: int
    online: bool = Field(description="whether the friend has a room of this server open now")
    room: FriendRoom | None


class RequestPublic(PlayerPublic):
    sent_ms: int


class FriendsPublic(BaseModel):
    friends: list[FriendPublic]
    incoming: list[RequestPublic] = Field(description="requests waiting for your answer")
    outgoing: list[RequestPublic] = Field(description="your requests waiting for theirs")


class FriendRequested(BaseModel):
    status: Literal["pending", "accepted"]


class BlockedPublic(PlayerPublic):
    blocked_ms: int


class BlocksPublic(BaseModel):
    blocked: list[BlockedPublic]


class InvitationPublic(BaseModel):
    """An invitation as its invitee sees it: who, to which game. Never the room's code."""

    id: str
    inviter: PlayerPublic
    game: str
    private: bool
    created_ms: int
    expires_ms: int
    status: Literal["pending", "accepted", "declined", "expired"]


class InvitationsPublic(BaseModel):
    invitations: list[InvitationPublic]


class InvitationSent(BaseModel):
    id: str
    new: bool = Field(description="false when the same invitation was still waiting (it is not sent again)")


class InvitationAccepted(BaseModel):
    code: str = Field(description="the room you now sit in")
    seat: int


class PlayAgainPublic(BaseModel):
    code: str = Field(description="the new room, which you host and sit in")
    invited: list[PlayerPublic]


class MyGameSeat(BaseModel):
    seat: int
    name: str | None = Field(description="the player's name; null for a bot")
    bot: str | None = Field(default=None, description="a bot's level")


class MyGameMove(BaseModel):
    seat: int | None = Field(description="who moved; null for a timer's automatic move or the start")
    type: str | None = Field(description="the action's type (or `advance` for a timer, `start`)")
    ms: int = Field(description="when, epoch ms")


class MyGame(BaseModel):
    code: str
    game: str
    status: Literal["waiting", "playing", "finished"]
    pace: Literal["live", "daily"]
    turn_hours: int | None = Field(description="a daily room's time per turn")
    seat: int = Field(description="your seat")
    host: bool = Field(description="whether you host the room")
    your_turn: bool
    to_move: list[int] = Field(description="the seats to move now")
    deadline_ms: int | None = Field(description="when the turn running now ends, epoch ms")
    last_move: MyGameMove | None
    seats: list[MyGameSeat]
    started_ms: int | None
    ended_ms: int | None
    result: dict[str, Any] | None


class MyGames(BaseModel):
    games: list[MyGame] = Field(description="your turn first (soonest deadline first), then running, waiting, finished")
    your_turn: int = Field(description="in how many games it is your move")
