"""The memories page: the signed-in owner's memories (the local user's on an open server),
with a form to add one, and per memory an edit form and a delete button. Every change goes
through the memory service, so it is searchable by the chat at once."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from sentinel.api.dependencies import MAX_ID, State
from sentinel.api.owners import memory_service
from sentinel.api.ui.access import CurrentViewer, Viewer, checked_form
from sentinel.api.ui.render import page, redirect
from sentinel.api.ui.routing import UiRoute
from sentinel.errors import InvalidInput
from sentinel.owners import LOCAL_OWNER
from sentinel.storage.api_keys import ApiKeyRepository

router = APIRouter(route_class=UiRoute, include_in_schema=False)
MemoryId = Annotated[int, Path(ge=1, le=MAX_ID)]
SHOWN = 200
DONE = {
    "added": "Remembered.",
    "saved": "Saved.",
    "deleted": "Deleted.",
}


async def viewer_owner(state: State, viewer: Viewer) -> str:
    """Whose memories the page shows: the signed-in key's owner, else the local user."""
    key_id = viewer.session.key_id
    if key_id is None:
        return LOCAL_OWNER
    async with state.db.transaction() as tx:
        for key in await ApiKeyRepository(tx.session).list():
            if key.id == key_id:
                return key.owner
    return LOCAL_OWNER


def tags_of(text: str) -> list[str]:
    """Tags typed as "family, porto" (commas or spaces between them)."""
    return [tag for tag in text.replace(",", " ").split() if tag]


def form_text(value: object, name: str) -> str:
    """A text field of a posted form; ``InvalidInput`` when it is missing."""
    if not isinstance(value, str):
        raise InvalidInput(name, value, "is missing from the form")
    return value


@router.get("/memories")
async def memories_page(
    request: Request,
    viewer: CurrentViewer,
    state: State,
    tag: Annotated[str | None, Query(max_length=64)] = None,
    q: Annotated[str | None, Query(max_length=2000)] = None,
    done: Annotated[str | None, Query(max_length=20)] = None,
) -> Response:
    """The owner's memories, most recently updated first; with ``q``, the search's hits (the
    same hybrid search the chat uses) with their scores."""
    owner = await viewer_owner(state, viewer)
    memories = memory_service(request)
    found = await memories.search(owner, q) if q and q.strip() else None
    rows = [] if found is not None else await memories.list(owner, tag=tag or None, limit=SHOWN)
    return page(
        request,
        "memories.html",
        viewer,
        memories=rows,
        found=found,
        query=q or "",
        owner=owner,
        tag=tag or "",
        done=DONE.get(done or ""),
        mode=memories.mode.value,
        notice=found.notice if found is not None else memories.fallback_notice,
    )


@router.post("/memories")
async def add_memory(request: Request, viewer: CurrentViewer, state: State) -> Response:
    """Store the memory typed in the form."""
    form = await checked_form(request, viewer)
    owner = await viewer_owner(state, viewer)
    text = form_text(form.get("text"), "text")
    tags = tags_of(form_text(form.get("tags", ""), "tags"))
    await memory_service(request).create(owner, text, tags=tags)
    return redirect("/memories?done=added")


@router.get("/memories/{memory_id}/edit")
async def edit_page(
    request: Request, memory_id: MemoryId, viewer: CurrentViewer, state: State
) -> Response:
    """The edit form of one memory."""
    owner = await viewer_owner(state, viewer)
    record = await memory_service(request).get(owner, memory_id)
    return page(request, "memory_edit.html", viewer, memory=record)


@router.post("/memories/{memory_id}/edit")
async def save_memory(
    request: Request, memory_id: MemoryId, viewer: CurrentViewer, state: State
) -> Response:
    """Save the edited text and tags."""
    form = await checked_form(request, viewer)
    owner = await viewer_owner(state, viewer)
    text = form_text(form.get("text"), "text")
    tags = tags_of(form_text(form.get("tags", ""), "tags"))
    await memory_service(request).update(owner, memory_id, text=text, tags=tags)
    return redirect("/memories?done=saved")


@router.post("/memories/{memory_id}/delete")
async def delete_memory(
    request: Request, memory_id: MemoryId, viewer: CurrentViewer, state: State
) -> Response:
    """Forget the memory."""
    await checked_form(request, viewer)
    owner = await viewer_owner(state, viewer)
    await memory_service(request).delete(owner, memory_id)
    return redirect("/memories?done=deleted")
