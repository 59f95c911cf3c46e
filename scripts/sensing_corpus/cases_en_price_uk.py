"""English shop pages in pounds: a price under a threshold, many phrasings."""

from __future__ import annotations

from common import Case
from shop_magento import magento
from shop_model import Product, Related, Review, Site, State
from shop_plain import indie
from shop_shopify import shopify
from shop_ui import UK_FOOTER
from shop_woocommerce import woocommerce


def pixelparts() -> Case:
    site = Site(
        "PixelParts",
        "www.pixelparts.co.uk",
        "en-GB",
        "GBP",
        ["Graphics Cards", "Processors", "Motherboards", "Memory", "Storage", "Prebuilt PCs", "Deals"],
        "Free UK delivery on orders over £50 · Order by 4pm for next-day delivery",
        cookie="onetrust",
        footer=UK_FOOTER,
    )
    p = Product(
        "ASUS Dual GeForce RTX 5060 Ti OC Edition 16GB GDDR7",
        "ASUS",
        "90YV0MC0-M0NA00",
        "asus-dual-rtx-5060-ti-16gb",
        ["Components", "Graphics Cards", "NVIDIA"],
        [
            "The ASUS Dual GeForce RTX&trade; 5060 Ti fuses raw power with a compact 2.5-slot design, bringing NVIDIA Blackwell architecture and DLSS 4 to small and mid-size builds.",
            "Two Axial-tech fans with 0dB technology stay silent at low load, a dual BIOS switch chooses between performance and quiet modes, and the protective backplate adds rigidity.",
        ],
        [
            ("GPU", "NVIDIA GeForce RTX 5060 Ti"),
            ("Memory", "16GB GDDR7, 128-bit"),
            ("Boost clock", "2632 MHz (OC mode)"),
            ("Outputs", "1x HDMI 2.1b, 3x DisplayPort 2.1b"),
            ("Recommended PSU", "650W"),
            ("Dimensions", "229.6 x 123.24 x 49.6 mm"),
        ],
        reviews=[
            Review("Tom H.", "14/02/2026", "2026-02-14", 5, "Quiet and cool", "Grabbed it for £389 in the Black Friday sale last year and it has been flawless at 1440p. Barely audible under load."),
            Review("Priya S.", "03/09/2026", "2026-09-03", 4, "Good card, pricey", "Performance is great but £449.99 is a lot for a 60-class card. Wait for a deal."),
            Review("gav_builds", "21/10/2026", "2026-10-21", 5, "Fits my SFF case", "Short enough for my Fractal Ridge. 16GB makes a difference in newer games."),
        ],
        related=[
            Related("ASUS Dual GeForce RTX 5060 OC 8GB", 299.99, handle="asus-dual-rtx-5060-8gb"),
            Related("MSI GeForce RTX 5060 Ti Ventus 2X OC 16GB", 419.99, 439.99, "Sale", "msi-rtx-5060-ti-ventus-16gb"),
            Related("Corsair RM750e 750W 80+ Gold PSU", 84.99, handle="corsair-rm750e"),
            Related("Gigabyte GeForce RTX 5070 Windforce SFF 12GB", 529.99, handle="gigabyte-rtx-5070-windforce"),
        ],
        gtin="4711387812345",
        rating=4.7,
        rating_count=128,
    )
    before = shopify(site, p, State(449.99, viewers=7), {"jsonld", "og"})
    after = shopify(
        site,
        p,
        State(399.99, 449.99, viewers=19, promo="Black Friday week: up to 25% off graphics cards · Free UK delivery over £50"),
        {"jsonld", "og"},
    )
    return Case(
        "pixelparts-rtx-5060-ti-below-420",
        "Tell me when the ASUS Dual RTX 5060 Ti 16GB drops below £420 at PixelParts",
        "en",
        "price",
        False,
        True,
        "/products/asus-dual-rtx-5060-ti-16gb",
        "issue 32's case: JSON-LD and og:price say 399.99; a review quotes £389 on BEFORE, a related card costs £299.99, the Shopify meta script has the price in pence",
        before,
        after,
        ["399.99"],
    )


def soundhaus_exact() -> Case:
    site = Site(
        "SoundHaus",
        "soundhaus.co.uk",
        "en-GB",
        "GBP",
        ["Headphones", "Earbuds", "Speakers", "Turntables", "Hi-Fi", "Offers"],
        "Price match promise · 2-year warranty on everything we sell",
        cookie="cookieyes",
        footer=UK_FOOTER,
        legal="SoundHaus Ltd, registered in England and Wales no. 09876543.",
    )
    p = Product(
        "Sony WH-1000XM5 Wireless Noise Cancelling Headphones – Black",
        "Sony",
        "WH1000XM5B.CE7",
        "sony-wh-1000xm5-black",
        ["Headphones", "Noise Cancelling"],
        [
            "Sony’s industry-leading noise cancellation, now with eight microphones and two processors that adapt to your surroundings in real time.",
            "Up to 30 hours of battery with ANC on, 3 minutes of charging for 3 hours of playback, multipoint Bluetooth and Speak-to-Chat.",
        ],
        [("Driver", "30 mm"), ("Battery life", "Up to 30 hours (NC on)"), ("Weight", "250 g"), ("Codecs", "SBC, AAC, LDAC"), ("Colour", "Black")],
        reviews=[
            Review("Martin", "2 June 2026", "2026-06-02", 5, "Best ANC I have owned", "Upgraded from the XM3s. Calls are much clearer."),
            Review("Ellie R.", "17 August 2026", "2026-08-17", 4, "Comfortable", "Light and comfy for long flights. Wish they folded like the XM4."),
        ],
        related=[
            Related("Sony WH-1000XM4 – Black", 199.00, 249.00, handle="sony-wh-1000xm4"),
            Related("Bose QuietComfort Headphones", 249.95, 299.95, handle="bose-qc-headphones"),
            Related("Sennheiser Momentum 4 Wireless", 229.00, handle="sennheiser-momentum-4"),
        ],
        rating=4.64,
        rating_count=56,
    )
    before = woocommerce(site, p, State(279.00, 379.00), {"jsonld"})
    after = woocommerce(site, p, State(250.00, 379.00, promo="Black Friday: extra savings across headphones, ends Monday"), {"jsonld"})
    return Case(
        "soundhaus-wh1000xm5-exactly-250",
        "Let me know when the Sony WH-1000XM5 drops below £250 at SoundHaus",
        "en",
        "price",
        True,
        True,
        "/product/sony-wh-1000xm5-black/",
        "decoy: AFTER is exactly £250.00, not below; the XM4 beside it is £199.00 and the Bose £249.95",
        before,
        after,
    )


def homebright_at_most() -> Case:
    site = Site(
        "HomeBright",
        "www.homebright.co.uk",
        "en-GB",
        "GBP",
        ["Vacuums", "Floorcare", "Kitchen", "Heating & Cooling", "Smart Home", "Clearance"],
        "Free next-day delivery on orders over £99 · Click & Collect in 2 hours",
        cookie="onetrust",
        footer=UK_FOOTER,
    )
    p = Product(
        "Dyson V15 Detect Absolute Cordless Vacuum Cleaner",
        "Dyson",
        "447294-01",
        "dyson-v15-detect-absolute",
        ["Floorcare", "Cordless Vacuums"],
        [
            "A laser reveals microscopic dust on hard floors and a piezo sensor counts and sizes particles, showing proof of a deep clean on the LCD screen.",
            "Up to 60 minutes of fade-free power, whole-machine HEPA filtration and an anti-tangle Hair screw tool.",
        ],
        [("Run time", "Up to 60 minutes"), ("Bin volume", "0.76 litres"), ("Weight", "3.1 kg"), ("Filtration", "Whole-machine HEPA"), ("Guarantee", "2 years parts and labour")],
        reviews=[
            Review("Hannah K.", "11 Jan 2026", "2026-01-11", 5, "Worth it", "The laser is a gimmick until you see how much dust you were missing."),
            Review("D. Okafor", "30 Jul 2026", "2026-07-30", 4, "Heavy but brilliant", "A bit heavy for the stairs. Paid full price at £649.99, wish I had waited."),
        ],
        related=[
            Related("Dyson V12 Detect Slim Absolute", 449.99, 549.99, handle="dyson-v12-detect-slim"),
            Related("Shark Stratos Cordless IZ400UKT", 299.00, 399.00, handle="shark-stratos-iz400"),
            Related("Dyson V15 Detect Absolute – Refurbished", 399.00, handle="dyson-v15-refurb"),
        ],
        rating=4.5,
    )
    before = magento(site, p, State(599.99, 649.99), {"microdata"})
    after = magento(site, p, State(499.00, 649.99), {"microdata"})
    return Case(
        "homebright-dyson-v15-at-most-499",
        "Notify me when the Dyson V15 Detect Absolute costs at most £499 at HomeBright",
        "en",
        "price",
        False,
        True,
        "/dyson-v15-detect-absolute.html",
        "'at most' and the price lands exactly on £499.00; a refurbished V15 at £399.00 is listed on both pages; Magento's price config holds a price without VAT",
        before,
        after,
        ["499.00"],
    )


def studiobox_graph() -> Case:
    site = Site(
        "Studiobox",
        "studiobox.co.uk",
        "en-GB",
        "GBP",
        ["Microphones", "Audio Interfaces", "Monitors", "Headphones", "Accessories", "B-stock"],
        "Free UK delivery over £99 · Finance available",
        cookie="cookieyes",
        footer=UK_FOOTER,
        legal="Studiobox is a trading name of Studiobox Audio Ltd.",
    )
    p = Product(
        "RØDE NT-USB+ Professional USB Microphone",
        "RØDE",
        "NTUSBPLUS",
        "rode-nt-usb-plus",
        ["Microphones", "USB Microphones"],
        [
            "A studio-quality condenser with Revolution Preamp, APHEX processing and a zero-latency headphone output, for podcasts, streaming and voice-over.",
            "Works with Mac, PC, iOS and Android; includes a pop filter and desk stand.",
        ],
        [("Type", "Condenser"), ("Polar pattern", "Cardioid"), ("Bit depth", "24-bit / 48 kHz"), ("Connection", "USB-C")],
        reviews=[Review("PodcastPete", "4 March 2026", "2026-03-04", 5, "Huge step up", "Replaced a £60 mic and the difference is night and day.")],
        related=[Related("RØDE PodMic USB", 179.00, handle="rode-podmic-usb"), Related("Shure MV7+", 229.00, 249.00, handle="shure-mv7-plus"), Related("RØDE PSA1+ Boom Arm", 99.00, handle="rode-psa1-plus")],
        rating=4.8,
    )
    before = woocommerce(site, p, State(169.00), {"jsonld"})
    after = woocommerce(site, p, State(139.00, 169.00), {"jsonld"})
    return Case(
        "studiobox-nt-usb-plus-less-than-150",
        "Tell me when the Rode NT-USB+ is less than £150 at Studiobox",
        "en",
        "price",
        False,
        True,
        "/product/rode-nt-usb-plus/",
        "WooCommerce with Yoast's @graph (no price in it) and a separate Product JSON-LD with priceSpecification; the sentence writes Rode without the Ø",
        before,
        after,
        ["139.00"],
    )


def cookshop_percent() -> Case:
    site = Site(
        "CookShop",
        "www.cookshop.co.uk",
        "en-GB",
        "GBP",
        ["Cookware", "Bakeware", "Knives", "Tableware", "Brands", "Sale"],
        "Winter sale: up to 40% off selected cookware",
        cookie="simple",
        footer=UK_FOOTER,
        phone="Call us: 0345 600 1234",
    )
    p = Product(
        "Le Creuset Signature Cast Iron Round Casserole 28cm – Volcanic",
        "Le Creuset",
        "21177280902430",
        "le-creuset-signature-round-casserole-28cm-volcanic",
        ["Cookware", "Casseroles"],
        [
            "Enamelled cast iron that distributes and retains heat evenly, with an ergonomic lid knob safe to 250°C and larger handles for oven-gloved hands.",
            "6.7 litres, serves 8–10. Lifetime guarantee.",
        ],
        [("Diameter", "28 cm"), ("Capacity", "6.7 L"), ("Hob", "All hobs including induction"), ("Guarantee", "Lifetime")],
        reviews=[Review("Sue W.", "9 Dec 2025", "2025-12-09", 5, "Heirloom", "My mum's is 40 years old. Treat yourself.")],
        related=[Related("Le Creuset Signature Round Casserole 24cm", 255.00, handle="le-creuset-24cm"), Related("Le Creuset Stoneware Pie Dish", 32.00, handle="le-creuset-pie-dish")],
        rating=4.9,
    )
    before = indie(site, p, State(315.00), set())
    after = indie(site, p, State(236.25, 315.00, notice="<strong>Winter Sale – 25% off.</strong> Price shown includes the discount."), set())
    return Case(
        "cookshop-le-creuset-28cm-under-250",
        "Tell me when the Le Creuset 28cm Signature casserole is under £250 at CookShop",
        "en",
        "price",
        False,
        False,
        "/product/le-creuset-signature-round-casserole-28cm-volcanic",
        "no structured data; the 24cm casserole at £255.00 sits in related items; the sale price £236.25 is 25% off",
        before,
        after,
        ["236.25"],
    )


def gamegrid_still_above() -> Case:
    site = Site(
        "GameGrid",
        "www.gamegrid.co.uk",
        "en-GB",
        "GBP",
        ["PC Gaming", "Handhelds", "Consoles", "Accessories", "Pre-owned", "Deals"],
        "Free delivery on orders over £30",
        cookie="onetrust",
        footer=UK_FOOTER,
    )
    p = Product(
        "Steam Deck OLED 1TB",
        "Valve",
        "V004287-30",
        "steam-deck-oled-1tb",
        ["Handhelds", "PC Handhelds"],
        [
            "A 7.4-inch HDR OLED screen with a 90Hz refresh rate, a 50Wh battery, faster Wi-Fi 6E and an etched anti-glare glass option.",
            "1TB NVMe SSD, carrying case with removable liner included.",
        ],
        [("Display", "7.4\" HDR OLED, 90Hz"), ("Storage", "1TB NVMe"), ("Battery", "50Wh")],
        reviews=[Review("Callum", "30/05/2026", "2026-05-30", 5, "Best handheld", "Battery life is way better than the LCD one.")],
        related=[Related("Steam Deck OLED 512GB", 429.00, 479.00, "Deal", "steam-deck-oled-512gb"), Related("JSAUX Docking Station", 39.99, handle="jsaux-dock")],
        rating=4.8,
    )
    before = shopify(site, p, State(569.00), {"jsonld", "og"})
    after = shopify(site, p, State(479.00, 569.00, promo="BIG DEALS WEEKEND · Steam Deck OLED from £429"), {"jsonld", "og"})
    return Case(
        "gamegrid-steam-deck-oled-still-above-450",
        "Tell me when the Steam Deck OLED 1TB goes below £450 at GameGrid",
        "en",
        "price",
        True,
        True,
        "/products/steam-deck-oled-1tb",
        "decoy: a big drop to £479.00 is still above £450; the 512GB model is £429.00 and the banner says 'from £429'",
        before,
        after,
    )


def audionest_instalments() -> Case:
    site = Site(
        "AudioNest",
        "www.audionest.co.uk",
        "en-GB",
        "GBP",
        ["Earbuds", "Headphones", "Speakers", "Trade-in", "Offers"],
        "Trade in your old earbuds: get up to £100 off",
        cookie="onetrust",
        footer=UK_FOOTER,
    )
    p = Product(
        "Bose QuietComfort Ultra Earbuds (2nd Gen) – Black",
        "Bose",
        "888507-0100",
        "bose-qc-ultra-earbuds-2nd-gen-black",
        ["Earbuds", "Noise Cancelling"],
        [
            "World-class noise cancellation and immersive spatial audio in a redesigned, more comfortable fit.",
            "Up to 6 hours of listening, 24 with the case; wireless charging case included.",
        ],
        [("Battery", "6 h (24 h with case)"), ("Water resistance", "IPX4"), ("Codecs", "SBC, AAC, aptX Adaptive")],
        reviews=[Review("Jo", "22 Sep 2026", "2026-09-22", 4, "Great ANC", "Expensive but they block the Tube noise completely.")],
        related=[Related("Bose QuietComfort Earbuds", 149.95, 179.95, handle="bose-qc-earbuds"), Related("Sony WF-1000XM5", 199.00, 259.00, handle="sony-wf-1000xm5")],
        rating=4.6,
    )
    before = indie(site, p, State(299.95), set())
    after = indie(
        site,
        p,
        State(
            299.95,
            notice="Spread the cost: <strong>3 interest-free payments of £99.98</strong> with Klarna. Trade in your old earbuds and <strong>get up to £100 off</strong> at checkout.",
        ),
        set(),
    )
    return Case(
        "audionest-qc-ultra-earbuds-instalments",
        "Tell me when the Bose QuietComfort Ultra Earbuds are under £200 at AudioNest",
        "en",
        "price",
        True,
        False,
        "/product/bose-qc-ultra-earbuds-2nd-gen-black",
        "decoy: the price stays £299.95; AFTER adds 'payments of £99.98' and 'up to £100 off' with a trade-in; the Sony WF-1000XM5 is £199.00",
        before,
        after,
    )


CASES = [
    pixelparts,
    soundhaus_exact,
    homebright_at_most,
    studiobox_graph,
    cookshop_percent,
    gamegrid_still_above,
    audionest_instalments,
]
