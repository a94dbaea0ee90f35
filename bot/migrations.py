"""The database schema as numbered migrations: index i brings it from version i to i + 1 (never edit a shipped one)."""

# The columns of the append-only move log.
_MOVE_COLUMNS = """
        game_id INTEGER NOT NULL REFERENCES games (id),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        choice TEXT NOT NULL,
        label TEXT NOT NULL,
        by_ai INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, idx)
    """

# The trigger that appends the batch of moves a versioned UPDATE carries to the log.
_APPEND_MOVES = """
    CREATE TRIGGER games_append_moves AFTER UPDATE OF version ON games
    WHEN NEW.new_moves IS NOT NULL AND NEW.new_moves IS NOT OLD.new_moves
    BEGIN
        INSERT INTO moves (game_id, idx, seat, choice, label, by_ai, at)
        SELECT NEW.id, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
               json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]')
        FROM json_each(NEW.new_moves);
    END;
"""

# The same, clearing the batch from the row when the game leaves play: a finished or cancelled row is kept
# for ever and must not hold its last batch beside the log (an all-AI game is one batch: its whole log).
# An active row's batch is replaced by its next move; clearing it there too would write the row twice
# per move (the state snapshot included), which measured +60-80 us a move.
_APPEND_MOVES_CLEARING = """
    CREATE TRIGGER games_append_moves AFTER UPDATE OF version ON games
    WHEN NEW.new_moves IS NOT NULL AND NEW.new_moves IS NOT OLD.new_moves
    BEGIN
        INSERT INTO moves (game_id, idx, seat, choice, label, by_ai, at)
        SELECT NEW.id, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
               json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]')
        FROM json_each(NEW.new_moves);
        UPDATE games SET new_moves = NULL WHERE id = NEW.id AND NEW.status NOT IN ('lobby', 'active');
    END;
"""

MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        key TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,
        host_user INTEGER NOT NULL,
        guild_id INTEGER,
        channel_id INTEGER,
        thread_id INTEGER,
        message_id INTEGER,
        seats TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        turn_since REAL NOT NULL,
        reminded_version INTEGER NOT NULL DEFAULT -1
    );
    CREATE INDEX games_by_place ON games (guild_id, status);
    CREATE TABLE moves (""" + _MOVE_COLUMNS + """);
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        data TEXT NOT NULL
    );
    """,
    # A move is committed by one UPDATE: its compare-and-swap on the version, and this trigger appending
    # the batch of moves it carries to the log, run as one statement, so one transaction, one round trip.
    """
    ALTER TABLE games ADD COLUMN new_moves TEXT;
    """ + _APPEND_MOVES + """
    """,
    # Idle clocks per seat (several seats can wait at once), replacing one reminder mark per game.
    """
    ALTER TABLE games ADD COLUMN clocks TEXT NOT NULL DEFAULT '{"waiting": {}, "reminded": []}';
    ALTER TABLE games DROP COLUMN reminded_version;
    """,
    # Each player's last DM about a game, so a restarted bot edits it instead of sending another.
    """
    CREATE TABLE dm_notes (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        live INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # The move log keyed by its primary key alone (no hidden rowid tree): a move writes one b-tree, not two.
    """
    DROP TRIGGER games_append_moves;
    CREATE TABLE moves_by_key (""" + _MOVE_COLUMNS + """) WITHOUT ROWID;
    INSERT INTO moves_by_key SELECT game_id, idx, seat, choice, label, by_ai, at FROM moves;
    DROP TABLE moves;
    ALTER TABLE moves_by_key RENAME TO moves;
    """ + _APPEND_MOVES + """
    """,
    # Rows no longer keep their last batch of moves once committed (see _APPEND_MOVES_CLEARING); existing
    # rows shrink. The status index lets the timer tick find open games without reading every finished one.
    """
    DROP TRIGGER games_append_moves;
    """ + _APPEND_MOVES_CLEARING + """
    UPDATE games SET new_moves = NULL WHERE new_moves IS NOT NULL;
    CREATE INDEX games_by_status ON games (status);
    """,
    # A DM keeps the private news it was sent with (a JSON list of texts) when it is later edited or retired.
    """
    ALTER TABLE dm_notes ADD COLUMN news TEXT NOT NULL DEFAULT '[]';
    """,
    # A finished game keeps its final result, and a trigger writes each person's finish from it (place, score,
    # won) for players' records, under indexes that answer a record or a leaderboard alone; games finished
    # before this migration get theirs when the host opens (Store.fill_results).
    """
    ALTER TABLE games ADD COLUMN result TEXT;
    CREATE TABLE finishes (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        guild_id INTEGER,
        user_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        place INTEGER NOT NULL,
        players INTEGER NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        ended_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
    CREATE INDEX finishes_by_person ON finishes (guild_id, user_id, key, won, place, score);
    CREATE INDEX finishes_by_game ON finishes (guild_id, key, user_id, won, place, score);
    CREATE TRIGGER games_record_finishes AFTER UPDATE OF result ON games WHEN NEW.result IS NOT NULL
    BEGIN
        DELETE FROM finishes WHERE game_id = NEW.id;
        INSERT INTO finishes (game_id, seat, guild_id, user_id, key, name, place, players, score, won, ended_at)
        SELECT NEW.id, seat.key, NEW.guild_id, json_extract(seat.value, '$.user_id'), NEW.key,
               json_extract(seat.value, '$.name'), json_extract(NEW.result, '$.ranks[' || seat.key || ']'),
               json_array_length(NEW.seats), json_extract(NEW.result, '$.scores[' || seat.key || ']'),
               EXISTS (SELECT 1 FROM json_each(NEW.result, '$.winners') AS w WHERE w.value = seat.key),
               NEW.updated_at
        FROM json_each(NEW.seats) AS seat WHERE json_extract(seat.value, '$.user_id') IS NOT NULL;
    END;
    """,
    # Elo ratings per server (0: none), per game and over all games ('*'), of people (their user ids) and AI
    # levels (negative ids, bot.ratings.AI_PLAYERS); each finished game is rated once, in the order games finish
    # (Store.rate_finished), so every game finished before this migration is rated when the host opens. A rated
    # game keeps how it moved its seats' ratings in its own game (JSON: [before, after] per seat, or null).
    """
    ALTER TABLE games ADD COLUMN rating_moves TEXT;
    CREATE INDEX games_unrated ON games (updated_at, id) WHERE result IS NOT NULL AND rating_moves IS NULL;
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        player INTEGER NOT NULL,
        rating REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (guild_id, key, player)
    ) WITHOUT ROWID;
    """,
    # A person's own settings (JSON of PlayerSettings), the same on every server: whether their turns come by DM too.
    """
    CREATE TABLE player_settings (
        user_id INTEGER PRIMARY KEY,
        data TEXT NOT NULL
    );
    """,
    # Seats in options are counted from 1 since this version (first_player 1 is the first to join; Push Fish's
    # legendary likewise): every stored game's options move up by one, so a lobby starts, a game replays and a
    # rematch opens as they were given.
    """
    UPDATE games SET options = json_set(options, '$.first_player', json_extract(options, '$.first_player') + 1)
    WHERE key IN ('wishes', 'thisbig', 'friendly') AND json_type(options, '$.first_player') = 'integer';
    UPDATE games SET options = json_set(options, '$.legendary',
        json((SELECT json_group_array(value + 1) FROM json_each(games.options, '$.legendary'))))
    WHERE key = 'pushfish' AND json_type(options, '$.legendary') = 'array';
    """,
]
