// The research page: follow a job's progress events and show one line per step.
// Text is only ever set with textContent: event fields come from the web.
"use strict";

function describe(e) {
  switch (e.event) {
    case "start":
      return "researching: " + e.question;
    case "search":
      return "searcher: searching “" + e.query + "”" + (e.freshness ? " (within " + e.freshness + ")" : "");
    case "search_result": {
      const read = (e.read || []).filter((page) => page.error === null).length;
      return "searcher: " + (e.hits || []).length + " hits, " + e.new + " new, read " + read + " pages";
    }
    case "search_error":
      return "searcher: search failed: " + e.error;
    case "model":
      if (e.error) return e.node + ": model error: " + e.error;
      return e.node + ": answered in " + Number(e.latency_s || 0).toFixed(1) + "s";
    case "step":
      return e.error ? e.node + ": " + e.error : null;
    default:
      return null;
  }
}

function follow(section) {
  const list = document.getElementById("progress");
  const status = document.getElementById("job-status");
  const wasRunning = section.dataset.status === "running";
  const source = new EventSource(section.dataset.events);
  source.addEventListener("progress", (message) => {
    const line = describe(JSON.parse(message.data));
    if (line === null) return;
    const item = document.createElement("li");
    item.textContent = line;
    list.appendChild(item);
  });
  source.addEventListener("end", (message) => {
    source.close();
    const job = JSON.parse(message.data);
    status.textContent = job.status;
    status.className = "badge job-" + job.status;
    section.dataset.status = job.status;
    // The report is rendered by the server: load it once the job is done.
    if (wasRunning) window.location.reload();
  });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) status.textContent += " (connection lost)";
  };
}

document.addEventListener("DOMContentLoaded", () => {
  const section = document.getElementById("progress-section");
  if (section) follow(section);
});
