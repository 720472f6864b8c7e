"""shell.durable in CPython, over a fake of assets/store.js: the records read once and kept in
memory, every change written through in order, refusals reported, and what older builds kept
in localStorage moved in without losing anything."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from typing import Any

from game.persistence.history import HISTORY, load_history, record_game, save_history
from game.persistence.reconcile import conflict
from game.persistence.storage import MemoryStorage, ProblemKind, StorageProblem
from game.play.engine import new_game
from game.play.random_source import SeededDice
from shell.durable import DurableStorage, open_durable_storage
from tests.persistence.persistence_helpers import play_to_end, players
from tests.unit.test_shell_storage import FakeLocalStorage


def run_alone(coroutine: Coroutine[Any, Any, None]) -> None:
    """asyncio.run in a thread of its own: a browser test run before in this process (Playwright's
    synchronous API) leaves its event loop marked as running in the main thread."""
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, coroutine).result()


Entries = list[list[object]]
"""assets/store.js's [key, value] pairs (a JavaScript array, read pair by pair)."""


class FakeStore:
    """assets/store.js over a dict; `refuse` names keys whose writes fail (a full disk)."""

    def __init__(self, records: dict[str, str] | None = None) -> None:
        self.records = dict(records or {})
        self.refuse: set[str] = set()
        self.writes: list[tuple[str, str | None]] = []

    async def _load(self) -> Entries:
        return [[key, text] for key, text in self.records.items()]

    @property
    def loaded(self) -> Any:
        return self._load()

    def load(self) -> Any:
        return self._load()

    async def write(self, key: str, text: str | None) -> None:
        await asyncio.sleep(0)  # committed later, as IndexedDB does
        if key in self.refuse:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.writes.append((key, text))
        if text is None:
            self.records.pop(key, None)
        else:
            self.records[key] = text


class FakeWindow:
    def __init__(self, store: FakeStore, local: FakeLocalStorage) -> None:
        self.pentaStore = store
        self.localStorage = local
        self.warnings: list[str] = []
        self.console = self
        self.set_aside: tuple[StorageProblem, ...] = ()
        """What opening the storage set aside (open_durable_storage's problems)."""

    def warn(self, text: str) -> None:
        self.warnings.append(text)


Outcome = tuple[str, str | None, str | None]


async def opened(
    store: FakeStore, local: FakeLocalStorage | None = None
) -> tuple[DurableStorage, list[Outcome], FakeWindow]:
    outcomes: list[Outcome] = []
    window = FakeWindow(store, local or FakeLocalStorage())
    storage, window.set_aside = await open_durable_storage(
        window, lambda *outcome: outcomes.append(outcome)
    )
    assert isinstance(storage, DurableStorage)
    return storage, outcomes, window


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_reads_come_from_memory_and_every_change_is_written_through_in_order() -> None:
    async def scenario() -> None:
        store = FakeStore({"penta.session": "old"})
        storage, outcomes, _ = await opened(store)
        assert storage.get("penta.session") == "old"
        storage.set("penta.session", "1")
        storage.set("penta.session", "2")
        storage.remove("penta.preferences")  # not there: nothing to write
        storage.set("penta.history", "h")
        storage.remove("penta.history")
        assert storage.get("penta.session") == "2" and storage.keys() == ["penta.session"]
        await settle()
        assert store.writes == [
            ("penta.session", "1"),
            ("penta.session", "2"),
            ("penta.history", "h"),
            ("penta.history", None),
        ]
        assert store.records == {"penta.session": "2"}
        assert [error for *_, error in outcomes] == [None] * 4

    run_alone(scenario())


def test_a_record_of_the_app_that_is_not_text_is_read_as_its_json_for_its_reader() -> None:
    async def scenario() -> None:
        cyclic: list[object] = []
        cyclic.append(cyclic)
        records: dict[str, Any] = {
            "penta.preferences": {"version": 1, "language": "et"},
            "penta.session": 5,
            "penta.history": cyclic,
            "someone.else": 7,
        }
        storage, _, _ = await opened(FakeStore(records))
        assert storage.get("penta.preferences") == '{"version": 1, "language": "et"}'
        assert storage.get("penta.session") == "5"
        assert storage.get("penta.history") == "[[...]]"
        assert storage.get("someone.else") is None
        # Its reader refuses the text, as any damaged record: set aside and told.
        assert load_history(storage).problem is not None

    run_alone(scenario())


def test_a_refused_write_is_reported_with_its_text_and_memory_keeps_the_game() -> None:
    async def scenario() -> None:
        store = FakeStore()
        storage, outcomes, _ = await opened(store)
        store.refuse.add("penta.session")
        storage.set("penta.session", "the latest game")
        await settle()
        ((key, text, error),) = outcomes
        assert (key, text) == ("penta.session", "the latest game")
        assert error is not None and "QuotaExceededError" in error
        assert storage.get("penta.session") == "the latest game"

    run_alone(scenario())


def test_reload_reads_what_another_tab_wrote() -> None:
    async def scenario() -> None:
        store = FakeStore({"penta.session": "mine"})
        storage, _, _ = await opened(store)
        store.records["penta.session"] = "theirs"
        assert storage.get("penta.session") == "mine"
        await storage.reload()
        assert storage.get("penta.session") == "theirs"

    run_alone(scenario())


def test_what_older_builds_kept_in_local_storage_is_moved_in_and_only_then_removed() -> None:
    async def scenario() -> None:
        local = FakeLocalStorage(quota=10_000)
        local.items = {
            "penta.session": "game",
            "penta.quarantine.1:penta.history": "bad history",
            "someone.else": "not ours",
        }
        store = FakeStore({"penta.quarantine.1:penta.session": "bad session"})
        storage, _, _ = await opened(store, local)
        assert store.records == {
            "penta.quarantine.1:penta.session": "bad session",
            "penta.session": "game",
            # Its number was taken by another text: it gets the next one.
            "penta.quarantine.2:penta.history": "bad history",
        }
        assert storage.get("penta.session") == "game"
        assert local.items == {"someone.else": "not ours"}

    run_alone(scenario())


def test_a_record_in_both_takes_local_storages_text_and_sets_indexed_dbs_aside() -> None:
    async def scenario() -> None:
        local = FakeLocalStorage(quota=10_000)
        local.items = {"penta.history": "garbage", "penta.preferences": "same"}
        store = FakeStore(
            {
                "penta.history": "the whole history",
                "penta.preferences": "same",
                "penta.quarantine.1:penta.session": "bad session",
            }
        )
        storage, _, window = await opened(store, local)
        assert store.records == {
            "penta.history": "garbage",  # read, found bad, and set aside by the app's reader
            "penta.quarantine.2:penta.history": "the whole history",  # kept: nothing lost
            "penta.preferences": "same",  # the same text: nothing set aside
            "penta.quarantine.1:penta.session": "bad session",
        }
        assert storage.items == store.records and local.items == {}
        assert window.set_aside == (conflict("penta.history", "penta.quarantine.2:penta.history"),)

    run_alone(scenario())


def test_a_record_set_aside_cannot_stay_so_the_record_stays_in_local_storage() -> None:
    async def scenario() -> None:
        local = FakeLocalStorage(quota=10_000)
        local.items = {"penta.history": "garbage"}
        store = FakeStore({"penta.history": "the whole history"})
        store.refuse.add("penta.quarantine.1:penta.history")
        storage, _, _ = await opened(store, local)
        assert store.records == {"penta.history": "the whole history"}
        assert storage.get("penta.history") == "the whole history"
        assert local.items == {"penta.history": "garbage"}

    run_alone(scenario())


def test_a_record_that_cannot_be_moved_stays_in_local_storage() -> None:
    async def scenario() -> None:
        local = FakeLocalStorage(quota=10_000)
        local.items = {"penta.session": "game"}
        store = FakeStore()
        store.refuse.add("penta.session")
        storage, _, window = await opened(store, local)
        assert local.items == {"penta.session": "game"}
        assert storage.get("penta.session") is None
        assert window.warnings and "stays in localStorage" in window.warnings[0]

    run_alone(scenario())


class NoStore(FakeStore):
    """assets/store.js where IndexedDB cannot be opened."""

    @property
    def loaded(self) -> Any:
        async def refuse() -> Entries:
            raise RuntimeError("UnknownError: IndexedDB is not available")

        return refuse()


class TooDeep:
    """A JavaScript value as Pyodide hands it over, nested past what it converts or prints."""

    def to_py(self) -> object:
        raise RuntimeError("RangeError: Maximum call stack size exceeded")

    def __repr__(self) -> str:
        raise RuntimeError("RangeError: Maximum call stack size exceeded")


class StoreWithValues(FakeStore):
    """assets/store.js's records where other code of the origin stored values that are not
    text."""

    def __init__(self, records: dict[str, str], values: Mapping[str, object]) -> None:
        super().__init__(records)
        self.values = values

    async def _load(self) -> Entries:
        return [*(await super()._load()), *([k, v] for k, v in self.values.items())]


def test_a_value_that_cannot_be_converted_hides_no_record() -> None:
    # Another app's value nested 3,000 deep: the app started as if nothing were kept.
    async def scenario() -> None:
        values = {"other.key": TooDeep(), "penta.kept": TooDeep()}
        store = StoreWithValues({"penta.session": "game", "penta.history": "games"}, values)
        storage, _, _ = await opened(store)
        assert storage.get("penta.session") == "game" and storage.get("penta.history") == "games"
        assert storage.get("other.key") is None  # not the app's: never read
        assert storage.get("penta.kept") == "<a value that is not text>"  # its reader refuses it

    run_alone(scenario())


class NewerDatabase(Exception):
    """assets/store.js's refusal of a database that a newer build made without its records."""

    name = "NewerDatabase"


class NewerStore(FakeStore):
    @property
    def loaded(self) -> Any:
        async def refuse() -> Entries:
            raise NewerDatabase("database penta of version 3 has no records")

        return refuse()


def test_a_database_of_a_newer_build_is_left_alone_and_the_player_is_told() -> None:
    async def scenario() -> None:
        window = FakeWindow(NewerStore(), FakeLocalStorage(quota=5))
        storage, set_aside = await open_durable_storage(window, lambda *outcome: None)
        assert not isinstance(storage, DurableStorage)
        assert [(problem.kind, problem.reason) for problem in set_aside] == [
            (ProblemKind.UNKNOWN_VERSION, "database penta of version 3 has no records")
        ]

    run_alone(scenario())


class BlockedLocalStorage:
    """localStorage where the browser blocks the site's data: even reading it is refused."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("SecurityError: Access is denied for this document.")


def test_without_indexed_db_local_storage_keeps_the_game_and_reports_its_writes() -> None:
    async def scenario() -> None:
        local = FakeLocalStorage(quota=5)
        outcomes: list[Outcome] = []
        window = FakeWindow(NoStore(), local)
        storage, set_aside = await open_durable_storage(
            window, lambda *outcome: outcomes.append(outcome)
        )
        assert not isinstance(storage, DurableStorage) and set_aside == ()
        storage.set("penta.session", "game")
        try:
            storage.set("penta.session", "a longer game")
        except Exception as error:
            assert "refused" in str(error)
        assert local.items == {"penta.session": "game"}
        assert [(text, error is None) for _, text, error in outcomes] == [
            ("game", True),
            ("a longer game", False),
        ]

    run_alone(scenario())


def test_two_readable_histories_keep_the_games_of_both_and_nothing_is_set_aside() -> None:
    async def scenario() -> None:
        stored, later = (history_text(seeds) for seeds in ((1, 2), (2, 3)))
        local = FakeLocalStorage(quota=1_000_000)
        local.items = {"penta.history": later}
        store = FakeStore({"penta.history": stored})
        storage, _, window = await opened(store, local)
        games = load_history(storage).value
        assert games is not None and len(games) == 3  # game 2 is in both copies
        assert window.set_aside == () and local.items == {}
        assert list(store.records) == ["penta.history"]

    run_alone(scenario())


def history_text(seeds: tuple[int, ...]) -> str:
    """A stored history of the finished games of `seeds` (ids from their seeds)."""
    records = tuple(
        record_game(
            f"{seed:016x}",
            play_to_end(new_game("penta", players(1), SeededDice(seed)), random.Random(seed)),
            date(2026, 11, seed),
        )
        for seed in seeds
    )
    storage = MemoryStorage()
    assert save_history(storage, records) is None
    text = storage.get(HISTORY.key)
    assert text is not None
    return text


def test_with_site_data_blocked_the_game_is_kept_in_memory_and_the_player_is_told() -> None:
    async def scenario() -> None:
        window = FakeWindow(NoStore(), BlockedLocalStorage())  # type: ignore[arg-type]
        storage, problems = await open_durable_storage(window, lambda *outcome: None)
        assert isinstance(storage, MemoryStorage)
        assert [problem.kind for problem in problems] == [ProblemKind.NOT_KEPT]
        assert "IndexedDB is not available" in problems[0].reason
        storage.set("penta.session", "game")
        assert storage.get("penta.session") == "game"

    run_alone(scenario())
