"""Ownership checks shared by the account-side handlers."""

from __future__ import annotations

from state import ApiError

NOT_FOUND = "The requested resource was not found."


def account_for(ctx, account_id: str | None = None) -> dict:
    account_id = account_id or ctx.p.get("accountId") or ctx.principal.default_account
    account = ctx.state.accounts.get(account_id)
    if not account or account["deleted"]:
        raise ApiError(404, NOT_FOUND)
    if account_id not in ctx.principal.account_ids:
        raise ApiError(403, "You are not allowed to perform this action.")
    return account


def document_for(ctx, document_id: str | None = None) -> dict:
    document = ctx.state.documents.get(document_id or ctx.p.get("documentId"))
    if not document or document["account_id"] not in ctx.principal.account_ids:
        raise ApiError(404, NOT_FOUND)
    if ctx.p.get("accountId") and document["account_id"] != ctx.p["accountId"]:
        raise ApiError(404, NOT_FOUND)
    return document


def assignment_for(ctx, document: dict) -> dict:
    assignment = ctx.state.assignments.get(ctx.p.get("assignmentId"))
    if not assignment or assignment["document_id"] != document["id"]:
        raise ApiError(404, NOT_FOUND)
    return assignment


def signer_for(ctx, signer_id: str | None = None) -> dict:
    account = account_for(ctx)
    signer = ctx.state.signers.get(signer_id or ctx.p.get("signerId"))
    if not signer or signer["account_id"] != account["id"] or signer.get("deleted"):
        raise ApiError(404, NOT_FOUND)
    return signer
