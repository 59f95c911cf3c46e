"""English shop pages: a price under a threshold, in £, $, € and CHF, many phrasings."""

from __future__ import annotations

from common import Case
from shop_model import Product, Related, Review, Site, State
from shops import shopify, woocommerce
from shops2 import bigcommerce, magento
from shops3 import indie, nextshop

UK_FOOTER = [
    ("Shop", ["New in", "Best sellers", "Clearance", "Gift cards"]),
    ("Customer service", ["Contact us", "Delivery information", "Returns & refunds", "Track my order"]),
    ("About", ["Our story", "Careers", "Trade accounts", "Terms & conditions"]),
]
US_FOOTER = [
    ("Shop", ["New Arrivals", "Best Sellers", "Open Box", "Gift Cards"]),
    ("Support", ["Contact Us", "Shipping", "Returns", "Warranty"]),
    ("Company", ["About", "Careers", "Affiliates", "Privacy Policy"]),
]


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
    trailgear_under,
    kitchencove_related,
    readwell_review,
    brickbay_drops_to,
    datadepot_marketplace,
    alpinrun_chf,
    gamevault_eur,
    studiobox_graph,
    cookshop_percent,
    gamegrid_still_above,
    audionest_instalments,
]
