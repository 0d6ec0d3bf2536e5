# official_like_client.py: a Colorfight II bot shaped like the official
# Python client and its example AI (colorfight §12), for
# python_client_test.cpp: one network thread runs asyncio with both
# sockets (game_channel with ping_interval=None and max_size=None, every
# frame queued; action_channel with websockets' default keepalive, one
# request at a time); the bot's thread registers, then loops
# update_turn() -> send_cmd(); after a game it waits for the next game_id
# and registers again.
#
#   /usr/bin/python3 official_like_client.py URL NAME GAMES
#   URL: http://127.0.0.1:PORT/gameroom/ROOM (http is turned into ws)
#
# It plays GAMES games to their last turn and prints one JSON line per
# game: {"name", "uid", "game_id", "max_turn", "turns": [every turn seen],
# "replies_ok", "replies_failed"}. Exit status 3 when it cannot connect.
import asyncio
import json
import queue
import sys
import threading

import websockets


class Colorfight:
    def __init__(self):
        self.uid = 0
        self.turn = -1
        self.game_id = None
        self.info = {}
        self.frame = None
        self._frames = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever,
                                        daemon=True)

    def connect(self, url):
        base = 'ws' + url[4:] if url.startswith('http') else url
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._open(base),
                                         self._loop).result(10)

    async def _open(self, base):
        self._game = await websockets.connect(base + '/game_channel',
                                              ping_interval=None,
                                              max_size=None)
        self._action = await websockets.connect(base + '/action_channel')
        self._reader = asyncio.ensure_future(self._read_frames())

    async def _read_frames(self):
        try:
            async for message in self._game:
                self._frames.put(json.loads(message))
        except websockets.ConnectionClosed:
            pass
        self._frames.put(None)

    async def _ask(self, message):
        await self._action.send(json.dumps(message))
        return json.loads(await self._action.recv())

    def _request(self, message, timeout=10):
        return asyncio.run_coroutine_threadsafe(self._ask(message),
                                                self._loop).result(timeout)

    def register(self, username, password, join_key=''):
        reply = self._request({'action': 'register', 'username': username,
                               'password': password, 'join_key': join_key})
        if reply.get('success'):
            self.uid = reply['uid']
            return True
        print(reply.get('err_msg'), file=sys.stderr)
        return False

    def update_turn(self, timeout=30):
        """Blocks until a frame with another turn; False on a new game_id."""
        while True:
            frame = self._frames.get(timeout=timeout)
            if frame is None:
                raise ConnectionError('game_channel closed')
            while not self._frames.empty():  # the latest one counts
                newer = self._frames.get()
                if newer is None:
                    raise ConnectionError('game_channel closed')
                frame = newer
            game_id = frame['info']['game_id']
            if self.game_id is None:
                self.game_id = game_id
            if game_id != self.game_id:
                self.game_id = game_id
                self._load(frame)
                return False
            if frame['turn'] != self.turn:
                self._load(frame)
                return True

    def _load(self, frame):
        self.frame = frame
        self.turn = frame['turn']
        self.info = frame['info']
        headers = frame['game_map']['headers']
        self.cells = {}
        for row in frame['game_map']['data']:
            for values in row:
                cell = dict(zip(headers, values))
                self.cells[tuple(cell['position'])] = cell
        self.me = frame['users'].get(str(self.uid))

    def send_cmd(self, cmd_list):
        return self._request({'action': 'command', 'cmd_list': cmd_list})

    def disconnect(self):
        async def close():
            self._reader.cancel()
            await self._action.close()
            self._game.transport.close()  # the server need not answer
        asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)


def commands(game):
    """The example AI's attacks: neighbours cheaper than the energy left."""
    if game.me is None:
        return []
    energy = game.me['energy']
    cmds, attacked = [], set()
    for x, y in game.me['cells']:
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            target = (x + dx, y + dy)
            cell = game.cells.get(target)
            if (cell is None or target in attacked
                    or cell['owner'] == game.uid):
                continue
            if cell['attack_cost'] < energy:
                energy -= cell['attack_cost']
                attacked.add(target)
                cmds.append('a %d %d %d' % (target[0], target[1],
                                            cell['attack_cost']))
    return cmds


def main():
    url, name, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    game = Colorfight()
    try:
        game.connect(url)
    except Exception as e:
        print('cannot connect: %r' % e, file=sys.stderr)
        return 3
    for number in range(games):
        if number > 0:
            while game.update_turn():
                pass  # the last game's frames, until a new game_id
        while not game.register(name, 'pw-' + name):
            game.update_turn()
        played = {'name': name, 'uid': game.uid, 'game_id': None,
                  'max_turn': None, 'turns': [], 'replies_ok': 0,
                  'replies_failed': 0}
        while True:
            if not game.update_turn():
                break  # a restart in the middle: register again
            played['game_id'] = game.game_id
            played['max_turn'] = game.info['max_turn']
            if game.turn == 0:
                continue
            played['turns'].append(game.turn)
            if game.turn >= game.info['max_turn']:
                break
            reply = game.send_cmd(commands(game))
            played['replies_ok' if reply.get('success')
                   else 'replies_failed'] += 1
        print(json.dumps(played), flush=True)
    game.disconnect()
    return 0


if __name__ == '__main__':
    sys.exit(main())
