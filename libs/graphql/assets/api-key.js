/* global document, window, sessionStorage, Headers */
'use strict';

// The API key of Lore's two pages, GraphiQL at /graphql and the graph at /explorer, so that both behave
// alike when the server requires keys: the page loads, and a call answered 401 shows a key field in the
// page; the key typed is kept for the browser session (sessionStorage) and sent as a bearer header with
// every call after, and the waiting calls are made again with it.

(function () {
  const STORAGE_KEY = 'lore-api-key';
  /** The prompt on screen, which every call refused meanwhile waits for: one prompt, however many calls. */
  let prompt = null;

  const STYLE = `
    #api-key-prompt { position: fixed; top: 4rem; left: 50%; transform: translateX(-50%); z-index: 1000;
      background: #fff; border: 1px solid #d1d5db; border-radius: .5rem; box-shadow: 0 10px 30px rgb(0 0 0 / 20%);
      padding: 1rem 1.25rem; width: 28rem; font: 14px system-ui, sans-serif; color: #111827; }
    #api-key-prompt p { margin: 0 0 .75rem; }
    #api-key-prompt .refusal { color: #b91c1c; }
    #api-key-prompt div { display: flex; gap: .5rem; }
    #api-key-prompt input { flex: 1; font: inherit; padding: .35rem .5rem; }
    #api-key-prompt button { font: inherit; padding: .35rem .75rem; }`;

  /** Shows the key field (once for every waiting call) and resolves when a key was typed. */
  function askForKey(refusal) {
    if (prompt) return prompt;
    prompt = new Promise((resolve) => {
      const style = document.createElement('style');
      style.textContent = STYLE;
      const form = document.createElement('form');
      form.id = 'api-key-prompt';
      form.setAttribute('role', 'dialog');
      form.setAttribute('aria-label', 'API key');
      const intro = document.createElement('p');
      intro.textContent = 'This Lore server requires an API key (lore keys create). It is kept for this browser session only.';
      const reason = document.createElement('p');
      reason.className = 'refusal';
      reason.textContent = refusal;
      reason.hidden = !refusal;
      const row = document.createElement('div');
      const input = document.createElement('input');
      input.id = 'api-key-input';
      input.type = 'password';
      input.required = true;
      input.autocomplete = 'off';
      input.placeholder = 'API key';
      input.setAttribute('aria-label', 'API key');
      const submit = document.createElement('button');
      submit.type = 'submit';
      submit.textContent = 'Use this key';
      row.append(input, submit);
      form.append(intro, reason, row);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        sessionStorage.setItem(STORAGE_KEY, input.value.trim());
        form.remove();
        style.remove();
        prompt = null;
        resolve();
      });
      document.head.append(style);
      document.body.append(form);
      input.focus();
    });
    return prompt;
  }

  /**
   * Posts a GraphQL request ({query, variables, operationName}) to /graphql with the session's key, and
   * answers its JSON body; a 401 asks for a key in the page and tries again with it. `headers` come from
   * GraphiQL's headers tab; the key typed in the prompt wins over an authorization header there.
   */
  async function loreGraphql(request, headers = {}) {
    for (;;) {
      const key = sessionStorage.getItem(STORAGE_KEY);
      const sent = new Headers(headers);
      sent.set('content-type', 'application/json');
      if (key) sent.set('authorization', `Bearer ${key}`);
      const response = await fetch('/graphql', { method: 'POST', headers: sent, body: JSON.stringify(request) });
      if (response.status !== 401) return response.json();
      const problem = await response.json().catch(() => ({}));
      await askForKey(key ? `That key was refused: ${problem.detail || 'unauthorized'}` : '');
    }
  }

  window.loreGraphql = loreGraphql;
})();
