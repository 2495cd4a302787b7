/** The playground's JSON API (see src/local/playground/README.md). */

/**
 * POSTs JSON; resolves with the answer, rejects with the server's error text.
 * @param {string} path
 * @param {Record<string, unknown>} body
 * @returns {Promise<any>}
 */
export async function post(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof json.error === "string" ? json.error : `HTTP ${res.status}`);
  return json;
}

/**
 * GETs JSON.
 * @param {string} path
 * @returns {Promise<any>}
 */
export async function get(path) {
  const res = await fetch(path, { headers: { accept: "application/json" } });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(typeof json.error === "string" ? json.error : `HTTP ${res.status}`);
  return json;
}
