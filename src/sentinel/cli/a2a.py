"""``sentinel a2a``: Sentinel as an A2A agent on its own (``sentinel serve`` mounts the same
agent beside the API and the web UI).

``sentinel a2a serve`` answers at ``/.well-known/agent-card.json`` (the card) and ``/a2a``
(JSON-RPC, SSE streaming) and, unless ``--no-worker``, runs the monitors the agent creates.
Like ``serve``, it listens beyond loopback only once an API key exists, and then every call
needs one.
"""

from __future__ import annotations

import typer

from sentinel.cli.common import database, run, stdout

app = typer.Typer(no_args_is_help=True, help="Sentinel as an A2A agent (agent to agent).")


@app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (beyond loopback: keys)."),
    port: int = typer.Option(8001, min=0, max=65535, help="Port to listen on."),
    no_worker: bool = typer.Option(
        False, "--no-worker", help="Serve the agent only; run `sentinel worker` separately."
    ),
) -> None:
    """Serve the A2A agent alone (and run monitors unless --no-worker)."""
    from sentinel.protocols.a2a import a2a_available, agent_base_url

    if not a2a_available():
        raise typer.BadParameter("needs the a2a extra (a2a-sdk): pip install 'sentinel[a2a]'")

    import uvicorn

    from sentinel.api.binding import check_bind_address, is_loopback
    from sentinel.cli import common
    from sentinel.cli.serve import engine_lifespan, has_active_keys
    from sentinel.engine.temporal.settings import engine_settings
    from sentinel.protocols.a2a.server import create_a2a_app

    async def main() -> None:
        clock = common.cli_clock()
        async with database() as db:
            keys = await has_active_keys(db)
            check_bind_address(host, has_keys=keys)
            worker = engine_settings().engine == "embedded" and not no_worker
            agent = create_a2a_app(
                db,
                clock=clock,
                open_without_keys=is_loopback(host),
                lifespan=engine_lifespan(db, clock) if worker else None,
            )
            base = agent_base_url(host, port)
            required = keys or not is_loopback(host)
            access = "API keys required" if required else "open to this machine"
            stdout.print(
                f"A2A agent card: {base}/.well-known/agent-card.json", soft_wrap=True, markup=False
            )
            stdout.print(f"A2A JSON-RPC: {base}/a2a ({access}).", soft_wrap=True, markup=False)
            config = uvicorn.Config(agent, host=host, port=port, log_level="info", lifespan="on")
            await uvicorn.Server(config).serve()

    run(main)
