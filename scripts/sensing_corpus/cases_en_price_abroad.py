"""English shop pages in dollars, euros and Swiss francs: a price under a threshold."""

from __future__ import annotations

from common import Case
from shop_bigcommerce import bigcommerce
from shop_magento import magento
from shop_model import Product, Related, Review, Site, State
from shop_plain import indie, nextshop
from shop_shopify import shopify
from shop_ui import UK_FOOTER, US_FOOTER


def trailgear_under() -> Case:
    site = Site(
        "TrailGear",
        "www.trailgear.com",
        "en-US",
        "USD",
        ["Running", "Hiking", "Watches", "Nutrition", "Sale"],
        "Free 2-day shipping on orders $75+ · 60-day returns",
        cookie="onetrust",
        footer=US_FOOTER,
    )
    p = Product(
        "Garmin Forerunner 965 GPS Running Smartwatch – Whitestone",
        "Garmin",
        "010-02809-01",
        "garmin-forerunner-965-whitestone",
        ["Watches", "GPS Running Watches"],
        [
            "A bright AMOLED display, full-color maps and training readiness in a lightweight titanium-bezel watch built for runners and triathletes.",
            "Up to 23 days of battery in smartwatch mode and 31 hours in GPS mode.",
        ],
        [("Display", "1.4\" AMOLED"), ("Battery", "Up to 23 days smartwatch"), ("Water rating", "5 ATM"), ("Weight", "53 g")],
        reviews=[
            Review("runnerjess", "05/11/2026", "2026-05-11", 5, "Screen is gorgeous", "Coming from a 945 the screen is night and day. Got it with a coupon for $479 but worth full price."),
        ],
        related=[
            Related("Garmin Forerunner 265", 349.99, 449.99, handle="garmin-forerunner-265"),
            Related("Garmin HRM-Pro Plus", 129.99, handle="garmin-hrm-pro-plus"),
            Related("COROS PACE 3", 229.00, handle="coros-pace-3"),
        ],
        rating=4.8,
        rating_count=342,
    )
    before = bigcommerce(site, p, State(599.99), {"jsonld"})
    after = bigcommerce(site, p, State(499.99, 599.99), {"jsonld"})
    return Case(
        "trailgear-forerunner-965-under-500",
        "Tell me when the Garmin Forerunner 965 is under $500 at TrailGear",
        "en",
        "price",
        False,
        True,
        "/garmin-forerunner-965-whitestone/",
        "a review mentions a $479 coupon price on BEFORE; BCData and JSON-LD both carry the price",
        before,
        after,
        ["499.99"],
    )


def kitchencove_related() -> Case:
    site = Site(
        "KitchenCove",
        "www.kitchencove.com",
        "en-US",
        "USD",
        ["Coffee & Espresso", "Cookware", "Knives", "Small Appliances", "Outlet"],
        "Free shipping on orders over $59",
        cookie="simple",
        footer=US_FOOTER,
        phone="1-800-555-0148",
    )
    p = Product(
        "Breville Barista Express Espresso Machine BES870XL, Brushed Stainless Steel",
        "Breville",
        "BES870XL",
        "breville-barista-express-bes870xl",
        ["Coffee & Espresso", "Espresso Machines"],
        [
            "Go from beans to espresso in under a minute with an integrated conical burr grinder, precise temperature control and a powerful steam wand for hand-textured microfoam.",
            "Includes a 54 mm stainless portafilter, single and dual wall filter baskets, a milk jug and a cleaning kit.",
        ],
        [("Water tank", "67 oz"), ("Bean hopper", "1/2 lb"), ("Pump pressure", "15 bar"), ("Warranty", "1 year limited")],
        reviews=[
            Review("Mark T.", "Mar 3, 2026", "2026-03-03", 5, "Great starter machine", "Dialing in took a week but now I get cafe shots."),
        ],
        related=[
            Related("Breville Bambino Plus BES500BSS", 499.95, handle="breville-bambino-plus"),
            Related("Baratza Encore ESP Grinder", 199.95, handle="baratza-encore-esp"),
            Related("Breville Milk Café Frother", 129.95, handle="breville-milk-cafe"),
        ],
        rating=4.6,
        rating_count=2014,
    )
    before = indie(site, p, State(699.95), set())
    after = indie(
        site,
        p,
        State(
            699.95,
            promo="Holiday Espresso Event: machines from $299.95 · Free shipping on orders over $59",
            related_override=[
                Related("Breville Bambino Plus BES500BSS", 429.95, 499.95, "Holiday deal", "breville-bambino-plus"),
                Related("Breville Barista Express Impress BES876BSS", 799.95, 899.95, "Save $100", "breville-barista-express-impress"),
                Related("Baratza Encore ESP Grinder", 179.95, 199.95, handle="baratza-encore-esp"),
            ],
        ),
        set(),
    )
    return Case(
        "kitchencove-barista-express-related-cheaper",
        "Tell me when the Breville Barista Express drops below $550 at KitchenCove",
        "en",
        "price",
        True,
        False,
        "/product/breville-barista-express-bes870xl",
        "decoy: the machine stays $699.95; a Bambino Plus now at $429.95 and a banner 'machines from $299.95' are other products; no structured data",
        before,
        after,
    )


def readwell_review() -> Case:
    site = Site(
        "Readwell",
        "www.readwell.com",
        "en-US",
        "USD",
        ["E-readers", "Tablets", "Audio", "Accessories", "Deals"],
        "Members save an extra 5% · Free shipping, always",
        cookie="onetrust",
        footer=US_FOOTER,
    )
    p = Product(
        "Kindle Paperwhite Signature Edition (32 GB) – Metallic Black",
        "Amazon",
        "B0CFPJYX7P",
        "kindle-paperwhite-signature-32gb",
        ["E-readers", "Kindle"],
        [
            "Our fastest Kindle ever, with a 7\" glare-free display, auto-adjusting front light, wireless charging and up to 12 weeks of battery life.",
            "32 GB of storage, waterproof to IPX8, no lockscreen ads.",
        ],
        [("Display", "7\" 300 ppi"), ("Storage", "32 GB"), ("Battery", "Up to 12 weeks"), ("Charging", "USB-C, Qi wireless")],
        reviews=[
            Review("Laura P.", "Sep 12, 2026", "2026-09-12", 5, "Love it", "The wireless charging dock is worth it."),
        ],
        related=[
            Related("Kindle Paperwhite (16 GB)", 159.99, handle="kindle-paperwhite-16gb"),
            Related("Kindle Paperwhite Fabric Cover", 39.99, handle="kindle-pw-cover"),
        ],
        rating=4.7,
        rating_count=8822,
        extra="""<section class="qa mt-5" id="questions"><h2 class="h4">Questions &amp; answers</h2>
      <div class="qa-item"><p class="q"><strong>Q:</strong> Will the price go back to $144.99 like last Prime Day?</p><p class="a"><strong>A:</strong> We can’t predict sale prices, sorry! Sign up for deal alerts. <span class="text-muted small">– Readwell Support</span></p></div>
    </section>""",
    )
    before = magento(site, p, State(189.99), {"microdata"})
    after = magento(
        site,
        p,
        State(
            189.99,
            reviews_extra=[
                Review("deal_hunter_88", "Nov 24, 2026", "2026-11-24", 5, "Wait for Prime Day", "Got mine for $139.99 on Prime Day in July, it was a steal at that price. Don't pay full price!"),
            ],
        ),
        {"microdata"},
    )
    return Case(
        "readwell-paperwhite-review-old-price",
        "Tell me when the Kindle Paperwhite Signature Edition is less than $150 at Readwell",
        "en",
        "price",
        True,
        True,
        "/kindle-paperwhite-signature-32gb.html",
        "decoy: the price stays $189.99; a new review says it was $139.99 on Prime Day and a Q&A quotes $144.99; the 16 GB model is $159.99",
        before,
        after,
    )


def brickbay_drops_to() -> Case:
    site = Site(
        "BrickBay",
        "brickbay.com",
        "en-US",
        "USD",
        ["LEGO", "Star Wars", "Technic", "Icons", "Retiring Soon", "Sale"],
        "Free shipping on US orders over $35 · VIP points on every set",
        cookie="cookieyes",
        footer=US_FOOTER,
    )
    p = Product(
        "LEGO Icons Titanic 10294",
        "LEGO",
        "10294",
        "lego-titanic-10294",
        ["LEGO", "Icons"],
        [
            "Recreate RMS Titanic in stunning detail: 9,090 pieces, 4.4 ft long, with the Grand Staircase, the swimming pool, the smoking room and a working anchor chain.",
            "Build it in three sections and display it on the stands included.",
        ],
        [("Pieces", "9,090"), ("Age", "18+"), ("Dimensions", "53 x 6.5 x 17 in"), ("Item", "10294")],
        reviews=[
            Review("BrickDad", "01/08/2026", "2026-01-08", 5, "Epic build", "Took me 40 hours. Worth every penny of the $679.99."),
            Review("Skye", "04/19/2026", "2026-04-19", 5, "Stunning", "Retiring soon so grab it. I paid $599 at a Black Friday sale."),
        ],
        related=[
            Related("LEGO Icons Orient Express Train 21344", 299.99, handle="lego-orient-express"),
            Related("LEGO Titanic display case", 189.00, handle="titanic-display-case"),
            Related("LEGO Icons Tranquil Garden 10315", 99.99, 109.99, "Sale", "lego-tranquil-garden"),
        ],
        rating=4.9,
        rating_count=611,
    )
    before = shopify(site, p, State(679.99), {"jsonld"})
    after = shopify(site, p, State(549.99, 679.99, notice="<strong>Retiring soon!</strong> This set leaves the LEGO range on 31 December."), {"jsonld"})
    return Case(
        "brickbay-lego-titanic-drops-to-560",
        "Tell me when the LEGO Titanic 10294 drops to $560 at BrickBay",
        "en",
        "price",
        False,
        True,
        "/products/lego-titanic-10294",
        "'drops to $560' is met by $549.99; reviews quote $599 and $679.99; og:price is absent so only the JSON-LD offer states it",
        before,
        after,
        ["549.99"],
    )


def datadepot_marketplace() -> Case:
    site = Site(
        "DataDepot",
        "www.datadepot.com",
        "en-US",
        "USD",
        ["SSDs", "Hard Drives", "Memory", "NAS", "Networking", "Deals"],
        "Sold & shipped by DataDepot: free shipping over $25",
        cookie="onetrust",
        footer=US_FOOTER,
    )
    sellers = """<section class="other-sellers" id="marketplace"><h2 class="h5">Other sellers on DataDepot Marketplace</h2>
        <table class="table table-sm"><thead><tr><th>Seller</th><th>Condition</th><th>Price</th><th>Shipping</th></tr></thead><tbody>
        <tr><td>ByteRescue</td><td>Used – Very Good</td><td>$129.99</td><td>$4.99</td></tr>
        <tr><td>NorthStar Tech</td><td>New</td><td>$172.50</td><td>Free</td></tr>
        <tr><td>SSD Outlet</td><td>Renewed</td><td>$134.00</td><td>Free</td></tr>
        </tbody></table></section>"""
    p = Product(
        "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 Internal SSD (MZ-V9P2T0B/AM)",
        "Samsung",
        "MZ-V9P2T0B/AM",
        "samsung-990-pro-2tb",
        ["SSDs", "NVMe M.2"],
        [
            "Up to 7,450 MB/s sequential reads and 6,900 MB/s writes, with a nickel-coated controller and Samsung Magician software.",
            "Compatible with PlayStation 5 (heatsink model recommended).",
        ],
        [("Capacity", "2 TB"), ("Interface", "PCIe 4.0 x4, NVMe 2.0"), ("Read", "7,450 MB/s"), ("Endurance", "1,200 TBW"), ("Warranty", "5 years")],
        reviews=[Review("kc_builds", "Jul 2, 2026", "2026-07-02", 5, "Fast", "Great drive, runs cool.")],
        related=[Related("Samsung 990 PRO 4TB", 289.99, 319.99, handle="samsung-990-pro-4tb"), Related("WD_BLACK SN850X 2TB", 139.99, 159.99, handle="wd-black-sn850x-2tb")],
        rating=4.8,
        rating_count=1290,
    )
    agg = {"jsonld"}
    before = _datadepot(site, p, 169.99, None, agg, sellers)
    after = _datadepot(site, p, 144.99, 169.99, agg, sellers)
    return Case(
        "datadepot-990-pro-cheaper-than-150",
        "Tell me when the Samsung 990 Pro 2TB sold by DataDepot itself is cheaper than $150",
        "en",
        "price",
        False,
        False,
        "/product/samsung-990-pro-2tb",
        "the JSON-LD is an AggregateOffer whose lowPrice ($129.99) is a used marketplace listing on both pages; DataDepot's own price goes $169.99 → $144.99; a WD SN850X at $139.99 is related",
        before,
        after,
        ["144.99"],
    )


def _datadepot(site: Site, p: Product, price: float, was: float | None, data: set[str], sellers: str) -> str:
    from common import jsonld

    html = indie(site, p, State(price, was, extra=sellers, delivery="Sold and shipped by DataDepot. Arrives in 2–4 business days."), set())
    offer = jsonld(
        {
            "@context": "https://schema.org",
            "@type": "Product",
            "name": p.title,
            "sku": p.sku,
            "brand": {"@type": "Brand", "name": "Samsung"},
            "offers": {
                "@type": "AggregateOffer",
                "priceCurrency": "USD",
                "lowPrice": "129.99",
                "highPrice": f"{max(price, 172.50):.2f}",
                "offerCount": "4",
                "availability": "https://schema.org/InStock",
            },
        }
    )
    return html.replace("</head>", offer + "\n</head>", 1)


def alpinrun_chf() -> Case:
    site = Site(
        "Alpinrun",
        "alpinrun.ch",
        "en-CH",
        "CHF",
        ["Road running", "Trail running", "Apparel", "Watches", "Sale"],
        "Free delivery in Switzerland from CHF 80 · Returns within 30 days",
        cookie="cookiebot",
        footer=[("Shop", ["Women", "Men", "Brands", "Gift vouchers"]), ("Service", ["Contact", "Shipping", "Returns", "Size guide"])],
    )
    p = Product(
        "On Cloudmonster 2 – Men – Frost / Surf",
        "On",
        "3ME10120656",
        "on-cloudmonster-2-men-frost-surf",
        ["Road running", "Max cushioning"],
        [
            "Bigger CloudTec elements and a stiffer Speedboard make the Cloudmonster 2 the most cushioned On yet, for long runs that still feel fast.",
            "Weight 300 g (men’s US 9), heel-to-toe drop 6 mm.",
        ],
        [("Drop", "6 mm"), ("Weight", "300 g"), ("Upper", "Recycled polyester mesh")],
        reviews=[Review("Luca B.", "12.05.2026", "2026-05-12", 4, "Soft but stable", "Size runs slightly small. Bought in the spring sale for CHF 149.")],
        related=[Related("On Cloudsurfer Next", 139.90, 149.90, handle="on-cloudsurfer-next"), Related("Hoka Clifton 10", 159.90, handle="hoka-clifton-10")],
        variants=["US 8", "US 9", "US 10", "US 11"],
        variant_label="Size",
        rating=4.5,
    )
    before = shopify(site, p, State(179.90, selected="US 9"), {"og"})
    after = shopify(site, p, State(139.90, 179.90, selected="US 9"), {"og"})
    return Case(
        "alpinrun-cloudmonster-2-below-chf-150",
        "Tell me when the On Cloudmonster 2 drops below CHF 150 at Alpinrun",
        "en",
        "price",
        False,
        True,
        "/products/on-cloudmonster-2-men-frost-surf",
        "Swiss prices (CHF 139.90); only OpenGraph og:price carries it, no JSON-LD; a review remembers CHF 149",
        before,
        after,
        ["139.90"],
    )


def gamevault_eur() -> Case:
    site = Site(
        "GameVault",
        "www.gamevault.ie",
        "en-IE",
        "EUR",
        ["Nintendo", "PlayStation", "Xbox", "PC Gaming", "Pre-orders", "Trade-in"],
        "Free delivery in Ireland on orders over €40 · Trade in your old games for credit",
        cookie="onetrust",
        footer=UK_FOOTER,
    )
    p = Product(
        "Nintendo Switch 2 + Mario Kart World Bundle",
        "Nintendo",
        "NSW2-MKW-BNDL",
        "nintendo-switch-2-mario-kart-world-bundle",
        ["Nintendo", "Consoles"],
        [
            "Nintendo Switch 2 with a full download of Mario Kart World. A bigger 7.9-inch 1080p screen, 4K on TV, magnetic Joy-Con 2 controllers and 256 GB of storage.",
            "Trade in your Switch OLED and get up to €150 off (in store only).",
        ],
        [("Screen", "7.9\" LCD, 1080p, HDR"), ("Storage", "256 GB"), ("Included", "Mario Kart World (download code)")],
        reviews=[Review("Aoife", "14/06/2026", "2026-06-14", 5, "Class", "Kids love it. Trade-in knocked €120 off for me.")],
        related=[
            Related("Nintendo Switch 2 Pro Controller", 79.99, handle="switch-2-pro-controller"),
            Related("Donkey Kong Bananza (Switch 2)", 69.99, 79.99, handle="dk-bananza"),
            Related("Nintendo Switch 2 console (no game)", 449.99, 469.99, handle="switch-2-console"),
        ],
        rating=4.9,
    )
    before = nextshop(site, p, State(499.99), set())
    after = nextshop(site, p, State(469.99, 499.99), set())
    return Case(
        "gamevault-switch-2-bundle-under-480",
        "Tell me when the Nintendo Switch 2 Mario Kart World bundle is under €480 at GameVault",
        "en",
        "price",
        False,
        False,
        "/products/nintendo-switch-2-mario-kart-world-bundle",
        "a Next.js shop: no schema.org, the state is in __NEXT_DATA__ (prices in cents); the console alone is €449.99 on AFTER; trade-in talk of €150 off",
        before,
        after,
        ["469.99"],
    )


CASES = [
    trailgear_under,
    kitchencove_related,
    readwell_review,
    brickbay_drops_to,
    datadepot_marketplace,
    alpinrun_chf,
    gamevault_eur,
]
