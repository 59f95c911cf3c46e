"""Sentinel's agent card: who it is, where to call it, its skills and how to authenticate.

The card is public (served at the well-known path without a key); its address is the one
the caller reached, so one card serves whatever host and port Sentinel listens on. The
security schemes are Sentinel's API keys, as ``Authorization: Bearer <key>`` or
``X-API-Key: <key>``: required once a key exists (``sentinel keys create``).
"""

from __future__ import annotations

from a2a.types.a2a_pb2 import (
    AgentCapabilities,
    AgentCard,
    AgentInterface,
    AgentProvider,
    AgentSkill,
    APIKeySecurityScheme,
    HTTPAuthSecurityScheme,
    SecurityRequirement,
    SecurityScheme,
    StringList,
)
from a2a.utils.constants import PROTOCOL_VERSION_CURRENT, TransportProtocol

from sentinel.api.version import sentinel_version

RPC_PATH = "/a2a"
# The path of protocol 1.0 and 0.3, and the one of earlier drafts (still fetched by some
# clients): both serve the same card.
CARD_PATHS = ("/.well-known/agent-card.json", "/.well-known/agent.json")
BEARER = "bearer"
API_KEY = "apiKey"

SKILLS = (
    AgentSkill(
        id="monitor",
        name="Monitor",
        description=(
            "Tell me when something happens: creates a self-scheduling monitor that watches "
            "the web (the pages it names, else a search) and answers with its id, state and "
            "next check. Send text ('tell me when …', URLs in it are read on every check) or "
            "a JSON spec as POST /api/v1/monitors takes it (with 'urls'). Register a push "
            "notification config on the task to receive the monitor's notifications."
        ),
        tags=["monitoring", "alerts", "web"],
        examples=[
            "Tell me when the iPhone 17 is announced",
            "Notify me if the Sonora QC Ultra drops below $250",
            "Tell me when the price on https://shop.example/p/1 is under $300",
        ],
        input_modes=["text/plain", "application/json"],
        output_modes=["application/json", "text/plain"],
    ),
    AgentSkill(
        id="research",
        name="Research",
        description=(
            "Researches a question and returns a validated FinalReport with citations "
            "(artifact 'final_report'); progress is streamed as status updates."
        ),
        tags=["research", "report", "citations"],
        examples=["How is the EU regulating the right to repair?"],
        input_modes=["text/plain"],
        output_modes=["application/json", "text/plain"],
    ),
    AgentSkill(
        id="chat",
        name="Chat",
        description=(
            "One turn with Sentinel's assistant, which remembers (the caller's memories and "
            "tasks), plans and acts: the answer streams as the 'answer' artifact, with "
            "'suggestions' and a signed 'receipt'. Send text, or the chat request body "
            '({"messages": [...]}) as a JSON part; select it with metadata {"skill": "chat"}.'
        ),
        tags=["assistant", "memory", "chat"],
        examples=["What did I plan for this week?"],
        input_modes=["text/plain", "application/json"],
        output_modes=["text/plain", "application/json"],
    ),
)


def agent_card(base_url: str) -> AgentCard:
    """The card of the agent reached at ``base_url`` (scheme, host and port, no path)."""
    base = base_url.rstrip("/")
    return AgentCard(
        name="Sentinel",
        description=(
            "Self-scheduling agents that watch the web and tell you when something happens, "
            "and a research agent that answers questions with cited reports."
        ),
        supported_interfaces=[
            AgentInterface(
                url=f"{base}{RPC_PATH}",
                protocol_binding=TransportProtocol.JSONRPC.value,
                protocol_version=PROTOCOL_VERSION_CURRENT,
            )
        ],
        provider=AgentProvider(organization="Sentinel", url=base),
        version=sentinel_version(),
        capabilities=AgentCapabilities(streaming=True, push_notifications=True),
        security_schemes={
            BEARER: SecurityScheme(
                http_auth_security_scheme=HTTPAuthSecurityScheme(
                    scheme="Bearer", description="A Sentinel API key (sentinel keys create)."
                )
            ),
            API_KEY: SecurityScheme(
                api_key_security_scheme=APIKeySecurityScheme(
                    location="header", name="X-API-Key", description="A Sentinel API key."
                )
            ),
        },
        security_requirements=[
            SecurityRequirement(schemes={BEARER: StringList()}),
            SecurityRequirement(schemes={API_KEY: StringList()}),
        ],
        default_input_modes=["text/plain", "application/json"],
        default_output_modes=["application/json", "text/plain"],
        skills=list(SKILLS),
    )
