"""The visible text monitors read: every block of the main region, sections kept."""

from __future__ import annotations

from sentinel.web.extract import extract_html

SHOP = (
    "<html><head><title>Kobo Clara BW | Lesehaus</title></head><body>"
    "<header><a href='/'>Lesehaus</a> <form><input name='q'><button>Suchen</button></form></header>"
    "<nav><a href='/ereader'>E-Reader</a></nav>"
    "<div class='cookie-consent'>Wir verwenden Cookies.</div>"
    "<main><h1>Kobo Clara BW</h1>"
    "<div class='product-price'><span class='price-old'>149,99 €</span> <span>129,99 €</span></div>"
    "<div class='availability'><span>Sofort lieferbar</span></div>"
    "<ul><li>6 Zoll</li><li>16 GB</li></ul>"
    "<table><tr><th>Farbe</th><td>Schwarz</td></tr></table>"
    "<div style='display:none'>Ausverkauft</div>"
    "<h2>Kundenbewertungen</h2><p>Für 109 € im Angebot gekauft.</p></main>"
    "<footer>Impressum</footer></body></html>"
)


def test_a_price_in_spans_is_kept_and_an_old_price_is_marked() -> None:
    text = extract_html(SHOP).page_text
    assert "~~149,99 €~~ 129,99 €" in text
    assert "Sofort lieferbar" in text


def test_sections_lists_and_tables_keep_their_shape() -> None:
    lines = extract_html(SHOP).page_text.splitlines()
    assert "# Kobo Clara BW" in lines
    assert "## Kundenbewertungen" in lines
    assert "- 6 Zoll" in lines
    assert "| Farbe | Schwarz |" in lines


def test_navigation_forms_cookie_banners_and_hidden_text_are_left_out() -> None:
    text = extract_html(SHOP).page_text
    for absent in ("Suchen", "E-Reader", "Cookies", "Ausverkauft", "Impressum"):
        assert absent not in text
