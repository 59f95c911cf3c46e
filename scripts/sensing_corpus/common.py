"""What every page template shares: escaping, JSON-LD, money as each locale writes it,
cookie banners as consent tools render them, and the case writer."""

from __future__ import annotations

import html
import json
import textwrap
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "src" / "sentinel" / "bench" / "sensing" / "cases"

NBSP = "\u00a0"
NNBSP = "\u202f"


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def jsonld(document: Any, *, indent: int | None = None, cls: str = "") -> str:
    body = json.dumps(document, ensure_ascii=False, indent=indent)
    klass = f' class="{cls}"' if cls else ""
    return f'<script type="application/ld+json"{klass}>{body}</script>'


def money(amount: float, locale: str, *, decimals: bool = True, symbol: bool = True) -> str:
    """``amount`` as a shop in ``locale`` prints it."""
    cents = f"{amount:,.2f}" if decimals else f"{amount:,.0f}"
    whole, _, frac = cents.partition(".")
    if locale in ("en-GB", "en-US", "en-IE", "en-CA", "en-AU"):
        sign = {"en-GB": "£", "en-US": "$", "en-IE": "€", "en-CA": "$", "en-AU": "$"}[locale]
        text = whole + (f".{frac}" if frac else "")
        return sign + text if symbol else text
    if locale == "fr-FR":
        text = whole.replace(",", NNBSP) + (f",{frac}" if frac else "")
        return text + (f"{NBSP}€" if symbol else "")
    if locale in ("de-DE", "de-AT", "es-ES"):
        text = whole.replace(",", ".") + (f",{frac}" if frac else "")
        return text + (f"{NBSP}€" if symbol else "")
    if locale in ("de-CH", "fr-CH", "en-CH"):
        text = whole.replace(",", "’") + (f".{frac}" if frac and frac != "00" else ".–")
        return (f"CHF{NBSP}" if symbol else "") + text
    raise ValueError(locale)


def plain(amount: float) -> str:
    """A price as structured data writes it: ``399.99``."""
    return f"{amount:.2f}"


def cookie_banner(vendor: str, lang: str, site: str) -> str:
    """A consent banner as the usual tools render it."""
    texts = {
        "en": (
            "We value your privacy",
            f"{site} and our partners use cookies and similar technologies to improve your "
            "browsing experience, personalise content and ads, and analyse our traffic. By "
            "clicking “Accept All”, you consent to our use of cookies.",
            "Accept All",
            "Reject All",
            "Customise",
        ),
        "fr": (
            "Nous respectons votre vie privée",
            f"{site} et ses partenaires utilisent des cookies pour améliorer votre expérience, "
            "personnaliser les contenus et les publicités et mesurer l’audience. En cliquant "
            "sur « Tout accepter », vous consentez à l’utilisation de ces cookies.",
            "Tout accepter",
            "Continuer sans accepter",
            "Personnaliser",
        ),
        "de": (
            "Wir verwenden Cookies",
            f"{site} nutzt Cookies und ähnliche Technologien, um Ihnen ein optimales "
            "Einkaufserlebnis zu bieten, Inhalte zu personalisieren und die Nutzung unserer "
            "Website zu analysieren. Mit Klick auf „Alle akzeptieren“ stimmen Sie dem zu.",
            "Alle akzeptieren",
            "Nur notwendige",
            "Einstellungen",
        ),
        "es": (
            "Tu privacidad es importante para nosotros",
            f"En {site} utilizamos cookies propias y de terceros para mejorar tu experiencia, "
            "mostrarte publicidad personalizada y analizar el tráfico. Pulsa «Aceptar todas» "
            "para consentir su uso.",
            "Aceptar todas",
            "Rechazar",
            "Configurar",
        ),
    }[lang[:2]]
    title, body, accept, reject, custom = texts
    if vendor == "onetrust":
        return f"""<div id="onetrust-consent-sdk"><div class="onetrust-pc-dark-filter ot-hide ot-fade-in"></div><div id="onetrust-banner-sdk" class="otFlat" tabindex="0" role="region" aria-label="Cookie banner"><div role="dialog" aria-label="{esc(title)}"><div class="ot-sdk-container"><div class="ot-sdk-row"><div id="onetrust-group-container" class="ot-sdk-eight ot-sdk-columns"><div class="banner_logo"></div><div id="onetrust-policy"><h2 id="onetrust-policy-title">{esc(title)}</h2><div id="onetrust-policy-text">{esc(body)} <a class="ot-cookie-policy-link" href="/cookie-policy" aria-label="More information about your privacy, opens in a new tab" rel="noopener" target="_blank">Cookie Policy</a></div></div></div><div id="onetrust-button-group-parent" class="ot-sdk-three ot-sdk-columns"><div id="onetrust-button-group"><button id="onetrust-pc-btn-handler">{esc(custom)}</button> <button id="onetrust-reject-all-handler">{esc(reject)}</button> <button id="onetrust-accept-btn-handler">{esc(accept)}</button></div></div></div></div></div></div></div>"""
    if vendor == "cookieyes":
        return f"""<div class="cky-consent-container cky-box-bottom-left" tabindex="0"><div class="cky-consent-bar" data-cky-tag="notice" style="background-color:#FFFFFF;border-color:#f4f4f4"><div class="cky-notice"><p class="cky-title" role="heading" aria-level="1" data-cky-tag="title" style="color:#212121">{esc(title)}</p><div class="cky-notice-group"><div class="cky-notice-des" data-cky-tag="description" style="color:#212121"><p>{esc(body)}</p></div><div class="cky-notice-btn-wrapper" data-cky-tag="notice-buttons"><button class="cky-btn cky-btn-customize" aria-label="{esc(custom)}" data-cky-tag="settings-button">{esc(custom)}</button> <button class="cky-btn cky-btn-reject" aria-label="{esc(reject)}" data-cky-tag="reject-button">{esc(reject)}</button> <button class="cky-btn cky-btn-accept" aria-label="{esc(accept)}" data-cky-tag="accept-button">{esc(accept)}</button></div></div></div></div></div>"""
    if vendor == "cookiebot":
        return f"""<div id="CybotCookiebotDialog" name="CybotCookiebotDialog" role="dialog" aria-modal="true" aria-labelledby="CybotCookiebotDialogBodyContentTitle" tabindex="-1" lang="{lang}" class="CybotCookiebotDialogActive" data-template="popup"><div class="CybotCookiebotDialogContentWrapper"><div id="CybotCookiebotDialogBody"><h2 id="CybotCookiebotDialogBodyContentTitle" lang="{lang}">{esc(title)}</h2><div id="CybotCookiebotDialogBodyContentText" lang="{lang}">{esc(body)}</div></div><div id="CybotCookiebotDialogFooter"><div id="CybotCookiebotDialogBodyButtonsWrapper"><button id="CybotCookiebotDialogBodyButtonDecline" class="CybotCookiebotDialogBodyButton">{esc(reject)}</button><button id="CybotCookiebotDialogBodyLevelButtonCustomize" class="CybotCookiebotDialogBodyButton">{esc(custom)}</button><button id="CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll" class="CybotCookiebotDialogBodyButton">{esc(accept)}</button></div></div></div></div>"""
    if vendor == "simple":
        return f"""<div class="cookie-notice" id="cookie-notice" role="dialog" aria-live="polite"><p>{esc(body)}</p><p><a href="/privacy">Privacy</a></p><button type="button" class="btn btn-sm js-cookie-accept">{esc(accept)}</button> <button type="button" class="btn btn-sm btn-link js-cookie-reject">{esc(reject)}</button></div>"""
    raise ValueError(vendor)


ANALYTICS = """<script async src="https://www.googletagmanager.com/gtag/js?id=G-{gid}"></script>
<script>
  window.dataLayer = window.dataLayer || [];
  function gtag(){{dataLayer.push(arguments);}}
  gtag('consent', 'default', {{'ad_storage': 'denied', 'analytics_storage': 'denied'}});
  gtag('js', new Date());
  gtag('config', 'G-{gid}');
</script>"""


def analytics(gid: str) -> str:
    return ANALYTICS.format(gid=gid)


@dataclass
class Case:
    """One case to write: its ``case.yaml`` fields and its two pages."""

    id: str
    sentence: str
    language: str
    kind: str
    decoy: bool
    structured: bool
    path: str
    note: str
    before: str
    after: str
    mentions: list[str] = field(default_factory=list)

    def write(self, root: Path = CASES) -> None:
        folder = root / self.id
        folder.mkdir(parents=True, exist_ok=True)
        spec = {
            "id": self.id,
            "sentence": self.sentence,
            "language": self.language,
            "kind": self.kind,
            "decoy": self.decoy,
            "structured": self.structured,
            "expect": {"before": False, "after": not self.decoy},
            "mentions": self.mentions,
            "path": self.path,
            "note": self.note,
        }
        text = yaml.safe_dump(spec, allow_unicode=True, sort_keys=False, width=100)
        (folder / "case.yaml").write_text(text, encoding="utf-8")
        for name, page in (("before.html", self.before), ("after.html", self.after)):
            (folder / name).write_text(tidy(page), encoding="utf-8")


def tidy(page: str) -> str:
    """The page as written: dedented, one trailing newline."""
    return textwrap.dedent(page).strip() + "\n"


def stable(text: str) -> int:
    """A number from ``text`` that is the same on every run (``hash`` is salted)."""
    return zlib.crc32(text.encode("utf-8"))
