// The game port of `oware serve`'s page: every state comes from the server's JSON API
// (docs/protocols.md); the rules live on the server, never here.

async function api(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new Error("the server does not answer (" + e.message + "); is oware serve still running?");
  }
  let data;
  try {
    data = await res.json();
  } catch (e) {
    throw new Error("HTTP " + res.status + ": not a JSON answer");
  }
  if (!res.ok) {
    throw new Error(data.error || ("HTTP " + res.status));
  }
  return data;
}

/**
 * The limit as the API takes it: {"movetimeMs": N} or {"sims": N}; nothing for the spec's own. A
 * level ({"elo": N}) goes with a new game only: the server plays it all game.
 */
function limitBody(limit, newGame) {
  return limit === null || (limit.elo !== undefined && !newGame) ? {} : limit;
}

export function createPort() {
  let id = null;
  return {
    async load() {
      const info = await api("GET", "/api/info");
      return {
        name: info.agent,
        trained: "served by oware serve on this machine",
        details: [["agent spec", info.agent], ["rules", info.rules || "default"],
          ["board", info.houses + " houses a side, " + info.seeds + " seeds each"]],
        limit: { own: true, kind: "spec", amount: 1000, max: info.maxMovetimeMs },
        levels: info.levels || [],
        note: "The game runs on the oware server this page came from; the page only draws what it answers.",
      };
    },
    async newGame(side, limit) {
      if (id !== null) {
        api("DELETE", "/api/games/" + id).catch(() => {}); // the old game's agent is closed
      }
      const g = await api("POST", "/api/games", { side, ...limitBody(limit, true) });
      id = g.id;
      return g;
    },
    async move(letter, limit) {
      return api("POST", "/api/games/" + id + "/move", { move: letter, ...limitBody(limit, false) });
    },
    async undo() {
      return api("POST", "/api/games/" + id + "/undo");
    },
  };
}
