"""In-memory state of the emulated Assinafy workspace: entities, seed data, clock
and credential lookup. Handlers mutate it while holding `State.lock`."""

from __future__ import annotations

import base64
import secrets
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone

SEEDED_PASSWORD_LENGTH = 12


def new_id() -> str:
    return secrets.token_hex(12)  # 24 hex characters, like the live API's ids


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(value: str) -> float:
    text = value.strip().replace("Z", "+00:00")
    parsed = datetime.fromisoformat(text)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.timestamp()


class ApiError(Exception):
    """An error answered with the `{status, message, data: null}` envelope."""

    def __init__(self, status: int, message: str, extra: dict | None = None, headers=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra or {}
        self.headers = headers or []


@dataclass
class Seed:
    """Credentials generated once per emulator process and reused by `POST /reset`."""

    account_id: str = field(default_factory=new_id)
    user_id: str = field(default_factory=new_id)
    mfa_user_id: str = field(default_factory=new_id)
    template_id: str = field(default_factory=new_id)
    api_key: str = field(default_factory=lambda: "emu-key-" + secrets.token_hex(16))
    bearer_token: str = field(default_factory=lambda: "emu-token-" + secrets.token_hex(20))
    password: str = field(default_factory=lambda: "pw-" + secrets.token_hex(SEEDED_PASSWORD_LENGTH // 2))
    mfa_password: str = field(default_factory=lambda: "pw-" + secrets.token_hex(SEEDED_PASSWORD_LENGTH // 2))
    totp_secret: str = field(default_factory=lambda: base64.b32encode(secrets.token_bytes(20)).decode())
    recovery_codes: list = field(default_factory=lambda: [secrets.token_hex(5) for _ in range(10)])
    oauth_client_id: str = field(default_factory=lambda: "emu-client-" + secrets.token_hex(8))
    oauth_client_secret: str = field(default_factory=lambda: "emu-secret-" + secrets.token_hex(16))
    oauth_public_client_id: str = field(default_factory=lambda: "emu-public-" + secrets.token_hex(8))
    reset_token: str = field(default_factory=lambda: "emu-reset-" + secrets.token_hex(8))


@dataclass
class Principal:
    kind: str  # "user" | "api_key" | "oauth"
    user_id: str
    account_ids: list
    token: str
    scopes: set = field(default_factory=set)
    client_id: str | None = None

    @property
    def default_account(self) -> str:
        return self.account_ids[0] if self.account_ids else ""


class State:
    def __init__(self, seed: Seed, processing_delay: float = 0.2):
        self.lock = threading.RLock()
        self.seed = seed
        self.processing_delay = processing_delay
        self.clock_offset = 0.0
        self.reset()

    # -- clock -------------------------------------------------------------
    def now(self) -> float:
        return time.time() + self.clock_offset

    # -- lifecycle ---------------------------------------------------------
    def reset(self):
        with self.lock:
            self.clock_offset = 0.0
            self.users: dict[str, dict] = {}
            self.accounts: dict[str, dict] = {}
            self.documents: dict[str, dict] = {}
            self.signers: dict[str, dict] = {}
            self.assignments: dict[str, dict] = {}
            self.access_codes: dict[str, tuple] = {}  # code -> (assignment_id, signer_id)
            self.tags: dict[str, dict] = {}
            self.fields: dict[str, dict] = {}
            self.templates: dict[str, dict] = {}
            self.endpoints: dict[str, dict] = {}
            self.dispatches: dict[str, dict] = {}
            self.activities: list[dict] = []
            self.tokens: dict[str, dict] = {}
            self.api_keys: dict[str, str] = {}  # key -> user id
            self.mfa_tokens: dict[str, dict] = {}
            self.oauth_clients: dict[str, dict] = {}
            self.oauth_codes: dict[str, dict] = {}
            self.refresh_tokens: dict[str, dict] = {}
            self.revoked_chains: set[str] = set()
            self.signer_images: dict[tuple, bytes] = {}
            self.activity_seq = 184400
            self._seed()

    def _seed(self):
        s, now = self.seed, self.now()
        self.users[s.user_id] = self._user(s.user_id, "Titular Emulado", "owner@example.invalid", s.password, now)
        mfa_user = self._user(s.mfa_user_id, "Usuario Com MFA", "mfa-user@example.invalid", s.mfa_password, now)
        mfa_user["mfa_methods"].append(
            {"id": new_id(), "type": "totp", "label": "Emulated authenticator", "secret": s.totp_secret,
             "confirmed_at": now, "last_used_at": now}
        )
        mfa_user["recovery_codes"] = list(s.recovery_codes)
        self.users[s.mfa_user_id] = mfa_user
        self.accounts[s.account_id] = {
            "id": s.account_id, "name": "Workspace Emulado", "primary_color": "#1565C0",
            "secondary_color": None, "notification_sender_type": "Account",
            "members": {s.user_id: ["owner"], s.mfa_user_id: ["admin"]}, "created_at": now,
            "paid_subscription": True, "document_balance": 100, "credit_balance": 100.0,
            "logo": None, "logo_mime": None, "deleted": False,
        }
        self.tokens[s.bearer_token] = {"kind": "user", "user_id": s.user_id, "expires_at": None, "revoked": False}
        self.api_keys[s.api_key] = s.user_id
        self.users[s.user_id]["api_key"] = s.api_key
        self.oauth_clients[s.oauth_client_id] = {
            "client_id": s.oauth_client_id, "secret": s.oauth_client_secret, "confidential": True,
            "redirect_uris": ["https://app.example.invalid/oauth/callback"],
        }
        self.oauth_clients[s.oauth_public_client_id] = {
            "client_id": s.oauth_public_client_id, "secret": None, "confidential": False,
            "redirect_uris": ["https://app.example.invalid/oauth/callback"],
        }
        self._seed_fields(now)
        self._seed_template(now)

    def _user(self, uid, name, email, password, now):
        return {
            "id": uid, "name": name, "email": email, "password": password, "telephone": None,
            "government_id": None, "is_email_verified": True, "has_accepted_terms": True,
            "created_at": now, "mfa_methods": [], "recovery_codes": [], "api_key": None,
            "notification_preferences": {k: True for k in NOTIFICATION_KEYS}, "social": [],
        }

    def _seed_fields(self, now):
        aid = self.seed.account_id
        standard = [("Assinatura", "signature"), ("Rubrica", "initial"), ("Data da assinatura", "signatureDate")]
        for name, kind in standard:
            self.add_field(aid, name, kind, standard=True, read_only=True)
        for name, kind in [("Nome completo", "name"), ("CPF", "cpf"), ("E-mail", "email")]:
            self.add_field(aid, name, kind, pre_defined=True)
        self.virtual_field = self.add_field(aid, "Virtual", "virtual", standard=True, read_only=True, visible=False)

    def add_field(self, account_id, name, kind, regex=None, required=False, pre_defined=False,
                  standard=False, read_only=False, visible=True):
        fid = new_id()
        self.fields[fid] = {
            "id": fid, "account_id": account_id, "name": name, "type": kind, "regex": regex,
            "is_pre_defined": pre_defined, "is_active": True, "is_required": required,
            "is_standard": standard, "is_read_only": read_only, "is_visible": visible,
        }
        return self.fields[fid]

    def _seed_template(self, now):
        signature = next(f for f in self.fields.values() if f["type"] == "signature")
        role_id, page_id = new_id(), new_id()
        self.templates[self.seed.template_id] = {
            "id": self.seed.template_id, "account_id": self.seed.account_id,
            "name": "Contrato padrao", "document_name": "Contrato padrao.pdf", "message": None,
            "status": "ready", "created_at": now, "updated_at": now, "tags": [],
            "roles": [{"id": role_id, "name": "Contratante", "assignment_type": "collect",
                       "created_at": now, "updated_at": now}],
            "pages": [{"id": page_id, "number": 1, "height": 842, "width": 595, "fields": [
                {"id": new_id(), "field_id": signature["id"], "role_id": role_id, "label": "Assinatura",
                 "display_settings": {"left": 60, "top": 700, "width": 200, "height": 40, "fontSize": 12},
                 "created_at": now, "updated_at": now}]}],
        }

    # -- credentials -------------------------------------------------------
    def authenticate(self, headers) -> Principal | None:
        auth = headers.get("Authorization") or ""
        api_key = headers.get("X-Api-Key")
        if auth.lower().startswith("bearer "):
            token = auth[7:].strip()
            record = self.tokens.get(token)
            if not record or record["revoked"]:
                return None
            if record.get("chain") and record["chain"] in self.revoked_chains:
                return None
            if record["expires_at"] is not None and record["expires_at"] < self.now():
                return None
            user = self.users.get(record["user_id"])
            if not user:
                return None
            if record["kind"] == "oauth":
                return Principal("oauth", user["id"], [record["account_id"]], token,
                                 set(record["scopes"]), record["client_id"])
            return Principal("user", user["id"], self.user_accounts(user["id"]), token)
        if api_key:
            uid = self.api_keys.get(api_key)
            if uid and uid in self.users:
                return Principal("api_key", uid, self.user_accounts(uid), api_key)
        return None

    def user_accounts(self, uid: str) -> list[str]:
        ordered = sorted(self.accounts.values(), key=lambda a: a["created_at"])
        return [a["id"] for a in ordered if uid in a["members"] and not a["deleted"]]

    def issue_user_token(self, uid: str, ttl: float = 3600.0) -> str:
        token = "emu-token-" + secrets.token_hex(20)
        self.tokens[token] = {"kind": "user", "user_id": uid, "expires_at": self.now() + ttl, "revoked": False}
        return token

    def signer_session(self, code: str | None):
        if not code or code not in self.access_codes:
            return None
        assignment_id, signer_id = self.access_codes[code]
        assignment = self.assignments.get(assignment_id)
        if not assignment or assignment["document_id"] not in self.documents or signer_id not in self.signers:
            return None
        return SignerSession(code, self.documents[assignment["document_id"]], assignment,
                             self.signers[signer_id], assignment["stages"][signer_id])

    def next_activity_id(self) -> int:
        self.activity_seq += 1
        return self.activity_seq


@dataclass
class SignerSession:
    code: str
    document: dict
    assignment: dict
    signer: dict
    stage: dict


NOTIFICATION_KEYS = (
    "DocumentCompleted", "SignerDeclined", "DocumentCancelled", "DocumentAboutToExpire", "DocumentExpired",
    "DocumentExpirationReset", "DocumentProcessingFailed", "TemplateProcessingFailed", "SignerWhatsappFailed",
)
