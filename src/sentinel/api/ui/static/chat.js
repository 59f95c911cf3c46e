// The chat page: POST the conversation to /chat/stream and render the server-sent events as
// they arrive. EventSource can only GET, so the stream is read with fetch() and a
// ReadableStream reader, parsed as text/event-stream here. Stop (or leaving the page) aborts
// the request, which cancels the turn on the server.
// Text is only ever set with textContent: answers and action results come from a model.

"use strict";

// DONE, NEED_MORE and WAIT_USER end or continue a plan: signals, never actions taken.
const SIGNALS = new Set(["DONE", "NEED_MORE", "WAIT_USER"]);

const history = []; // the conversation so far: {role, content}
let running = null; // the AbortController of the turn being streamed

// Split a text/event-stream buffer into complete events; returns [events, rest].
function parseEvents(buffer) {
  const events = [];
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop();
  for (const block of blocks) {
    let name = "message";
    const data = [];
    for (const line of block.split(/\r?\n/)) {
      if (line === "" || line.startsWith(":")) continue; // comments are keep-alive pings
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") name = value;
      else if (field === "data") data.push(value);
    }
    if (data.length) events.push({ event: name, data: JSON.parse(data.join("\n")) });
  }
  return [events, rest];
}

function short(value, limit) {
  let text = typeof value === "string" ? value : JSON.stringify(value);
  text = (text || "").replace(/\s+/g, " ").trim();
  return text.length <= limit ? text : text.slice(0, limit - 1) + "…";
}

// A record for people: its id and title (or text, name, question), else short JSON.
function label(record) {
  if (record === null || typeof record !== "object") return short(record, 80);
  if (record.memory || record.task) return label(record.memory || record.task);
  const name = record.title ?? record.text ?? record.name ?? record.question ?? record.query;
  const id = record.id !== undefined && record.id !== null ? "#" + record.id + " " : "";
  return name !== undefined ? id + "“" + short(name, 80) + "”" : id + short(record, 80);
}

// An action's result in one line: each field, lists counted with their first items.
function summarize(result) {
  if (result === null || typeof result !== "object") return short(result, 300);
  const parts = [];
  for (const [key, value] of Object.entries(result)) {
    if (Array.isArray(value)) {
      const shown = value.slice(0, 3).map(label).join(", ");
      parts.push(value.length ? value.length + " " + key + ": " + shown + (value.length > 3 ? ", …" : "") : "no " + key);
    } else if (value !== null && typeof value === "object") {
      parts.push(key + " " + label(value));
    } else if (value !== null && value !== "") {
      parts.push(key + ": " + short(value, 80));
    }
  }
  return parts.join(" · ");
}

function show(element) {
  element.hidden = false;
  return element;
}

// Renders one turn's events into its <article>.
class TurnView {
  constructor(article, ask) {
    this.article = article;
    this.ask = ask;
    this.answer = "";
    this.part = (selector) => article.querySelector(selector);
  }

  status(data) {
    this.part(".chat-status").textContent = data.status;
  }

  reasoning(data) {
    if (data.persona) {
      show(this.part(".persona"));
      const badge = this.part(".persona-name");
      badge.textContent = data.persona;
      badge.className = "badge persona-name persona-" + String(data.persona).toLowerCase();
      if (typeof data.confidence === "number") {
        this.part(".confidence").textContent = Math.round(data.confidence * 100) + "% confident";
      }
    }
    if (data.reasoning) {
      const item = document.createElement("li");
      item.textContent = (data.iteration ? "[" + data.iteration + "] " : "") + data.reasoning;
      show(this.part(".reasoning")).querySelector("ol").appendChild(item);
    }
    for (const action of data.actions || []) this.action(action);
  }

  action(action) {
    // DONE, NEED_MORE and WAIT_USER end or continue the plan: signals, not actions taken.
    if (SIGNALS.has(action.action || action.name)) return;
    const list = show(this.part(".actions-taken")).querySelector("ol");
    const item = document.createElement("li");
    item.className = action.ok === false || action.error ? "action failed" : "action ok";
    const name = document.createElement("strong");
    name.className = "action-name";
    name.textContent = action.action || action.name || "?";
    item.appendChild(name);
    if (action.parameters && Object.keys(action.parameters).length) {
      const params = document.createElement("code");
      params.className = "action-params";
      params.textContent = " " + short(action.parameters, 160);
      item.appendChild(params);
    }
    const result = document.createElement("div");
    result.className = "action-result";
    result.textContent = action.error ? "failed: " + action.error : summarize(action.result);
    if (action.result) result.title = JSON.stringify(action.result, null, 2);
    item.appendChild(result);
    list.appendChild(item);
  }

  content(data) {
    this.answer += data.content;
    this.part(".answer").textContent = this.answer;
  }

  suggestions(data) {
    const box = this.part(".suggestion-list");
    box.replaceChildren();
    for (const suggestion of data.suggestions || []) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary suggestion";
      button.textContent = suggestion;
      button.addEventListener("click", () => this.ask(suggestion));
      box.appendChild(button);
    }
    if (box.children.length) show(this.part(".suggestions"));
  }

  receipt(data) {
    const line = show(this.part(".receipt"));
    line.textContent = "Receipt #" + data.seq + " · sha256 " + String(data.hash).slice(0, 16) + "…";
    line.title = data.hash;
  }

  error(data) {
    const item = document.createElement("li");
    item.textContent = data.stage + ": " + data.error;
    show(this.part(".errors")).appendChild(item);
  }

  done(data) {
    const seconds = (Number(data.duration_ms || 0) / 1000).toFixed(1);
    this.part(".chat-status").textContent =
      "Done in " + seconds + " s · " + data.iterations + " iteration(s)";
    this.article.dataset.done = "true";
  }
}

function setup(form) {
  const input = form.querySelector("#chat-input");
  const send = form.querySelector("#chat-send");
  const stop = form.querySelector("#chat-stop");
  const problem = form.querySelector("#chat-problem");
  const conversation = document.getElementById("conversation");
  const template = document.getElementById("turn-template");
  const csrf = form.querySelector("input[name=csrf_token]").value;

  function busy(on) {
    send.disabled = on;
    stop.hidden = !on;
    input.disabled = on;
    for (const button of conversation.querySelectorAll("button.suggestion")) button.disabled = on;
  }

  async function ask(text) {
    text = text.trim();
    if (!text || running) return;
    problem.hidden = true;
    const article = template.content.firstElementChild.cloneNode(true);
    article.querySelector(".bubble.user").textContent = text;
    conversation.appendChild(article);
    const view = new TurnView(article, ask);
    const body = {
      messages: [...history, { role: "user", content: text }],
      include_reasoning: form.elements.include_reasoning.checked,
      parallel_actions: form.elements.parallel_actions.checked,
      max_iterations: Number(form.elements.max_iterations.value),
      stream_status: true,
    };
    running = new AbortController();
    busy(true);
    input.value = "";
    try {
      const response = await fetch(form.dataset.stream, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream", "X-CSRF-Token": csrf },
        body: JSON.stringify(body),
        signal: running.signal,
        credentials: "same-origin",
      });
      if (!response.ok) {
        let detail = response.status + " " + response.statusText;
        try {
          detail = (await response.json()).detail || detail;
        } catch (_) { /* not a problem document */ }
        throw new Error(detail);
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        let events;
        [events, buffer] = parseEvents(buffer + value);
        for (const { event, data } of events) {
          if (typeof view[event] === "function") view[event](data);
        }
      }
      if (article.dataset.done !== "true") throw new Error("the connection closed before the turn ended");
      history.push({ role: "user", content: text }, { role: "assistant", content: view.answer });
    } catch (error) {
      const stopped = error.name === "AbortError";
      view.error({ stage: stopped ? "stopped" : "request", error: stopped ? "you stopped this turn" : error.message });
      article.querySelector(".chat-status").textContent = stopped ? "Stopped." : "Failed.";
      if (!stopped) {
        problem.textContent = error.message;
        problem.hidden = false;
      }
      input.value = text;
    } finally {
      running = null;
      busy(false);
      input.focus();
      article.scrollIntoView({ block: "end" });
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ask(input.value);
  });
  input.addEventListener("keydown", (event) => {
    // Enter sends, Shift+Enter makes a new line.
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      ask(input.value);
    }
  });
  stop.addEventListener("click", () => running && running.abort());
}

document.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("chat-form");
  if (form) setup(form);
});
