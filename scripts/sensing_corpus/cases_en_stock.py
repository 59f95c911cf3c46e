"""English shop pages: back in stock, and the pages that only look like it."""

from __future__ import annotations

from common import Case
from shop_magento import magento
from shop_model import Product, Related, Review, Site, State
from shop_plain import indie
from shop_shopify import shopify
from shop_ui import UK_FOOTER, US_FOOTER
from shop_woocommerce import woocommerce


def gamegrid_switch() -> Case:
    site = Site(
        "Pixel Dungeon Games",
        "pixeldungeongames.co.uk",
        "en-GB",
        "GBP",
        ["Nintendo", "PlayStation", "Xbox", "Retro", "Collectables", "Pre-orders"],
        "Limited stock: one console per customer",
        cookie="cookieyes",
        footer=UK_FOOTER,
    )
    p = Product(
        "Nintendo Switch 2 Console – Pokémon Legends: Z-A Bundle",
        "Nintendo",
        "NSW2-PLZA-UK",
        "switch-2-pokemon-legends-za-bundle",
        ["Nintendo", "Switch 2 Consoles"],
        [
            "The Nintendo Switch 2 console bundled with Pokémon Legends: Z-A (download code). Explore Lumiose City in real time and battle with the new Mega Evolutions.",
            "Limited to one per household. Orders over the limit are cancelled.",
        ],
        [("Platform", "Nintendo Switch 2"), ("Storage", "256 GB"), ("In the box", "Console, Joy-Con 2 (L/R), dock, HDMI cable, power adaptor, download code")],
        reviews=[Review("Beth", "03/10/2026", "2026-10-03", 5, "Arrived next day", "Managed to get one in the last restock, arrived the next morning!")],
        related=[Related("Pokémon Legends: Z-A (Switch 2 Edition)", 59.99, handle="pokemon-legends-za-s2"), Related("Switch 2 Carry Case", 24.99, handle="switch-2-case")],
        rating=4.9,
    )
    before = shopify(site, p, State(429.99, stock="out", notice="Sold out again – we expect more stock before Christmas. Sign up below to hear first."), {"jsonld"})
    after = shopify(site, p, State(429.99, stock="low:6", viewers=48, notice="Back in stock! Limited to one per customer."), {"jsonld"})
    return Case(
        "pixeldungeon-switch-2-pokemon-bundle-back-in-stock",
        "Tell me when the Nintendo Switch 2 Pokémon Legends Z-A bundle is back in stock at Pixel Dungeon Games",
        "en",
        "stock",
        False,
        True,
        "/products/switch-2-pokemon-legends-za-bundle",
        "JSON-LD availability goes OutOfStock → InStock; BEFORE promises stock 'before Christmas' and a review mentions 'the last restock'",
        before,
        after,
    )


def cameraworld_silver() -> Case:
    site = Site(
        "CameraWorld",
        "www.cameraworld.co.uk",
        "en-GB",
        "GBP",
        ["Cameras", "Lenses", "Lighting", "Drones", "Used", "Trade-in"],
        "Part-exchange your old kit · 0% finance over 12 months",
        cookie="onetrust",
        footer=UK_FOOTER,
        phone="Call 020 7946 0321",
    )
    p = Product(
        "Fujifilm X100VI Digital Camera – Silver",
        "Fujifilm",
        "16821882",
        "fujifilm-x100vi-silver",
        ["Cameras", "Compact Cameras", "Premium Compacts"],
        [
            "40.2MP X-Trans CMOS 5 HR sensor, 6-stop in-body image stabilisation and a fixed 23mm f/2 lens, in the classic X100 body.",
            "Demand is very high: we allocate stock to pre-orders in the order they were placed.",
        ],
        [("Sensor", "40.2MP APS-C X-Trans CMOS 5 HR"), ("Lens", "23mm f/2 (35mm equiv.)"), ("IBIS", "Up to 6 stops"), ("Video", "6.2K/30p")],
        reviews=[Review("Nigel F.", "2 Feb 2026", "2026-02-02", 5, "A joy", "Waited four months for mine. Worth the wait.")],
        related=[Related("Fujifilm X100VI – Black", 1599.00, handle="fujifilm-x100vi-black"), Related("Fujifilm LH-X100 Lens Hood", 59.00, handle="fujifilm-lh-x100"), Related("Fujifilm X-M5 body", 799.00, handle="fujifilm-x-m5")],
        rating=4.9,
    )
    before = indie(site, p, State(1599.00, stock="out", delivery="Currently unavailable to order. Join the waiting list and we will email you."), set())
    after = indie(site, p, State(1599.00, stock="in", delivery="In stock – order by 3pm for next-day delivery", viewers=31), set())
    return Case(
        "cameraworld-x100vi-silver-back-in-stock",
        "Let me know when the Fujifilm X100VI in silver is back in stock at CameraWorld",
        "en",
        "stock",
        False,
        False,
        "/product/fujifilm-x100vi-silver",
        "no structured data: 'Currently unavailable' becomes 'In stock – order by 3pm'; the black model is listed beside it",
        before,
        after,
    )


def snapshop_other_colour() -> Case:
    site = Site(
        "Snapshop",
        "snapshop.co.uk",
        "en-GB",
        "GBP",
        ["Cameras", "Lenses", "Film", "Bags", "Sale"],
        "Free tracked delivery on orders over £75",
        cookie="cookiebot",
        footer=UK_FOOTER,
    )
    p = Product(
        "Fujifilm X100VI",
        "Fujifilm",
        "X100VI",
        "fujifilm-x100vi",
        ["Cameras", "Compacts"],
        [
            "The sixth X100: a 40MP sensor, in-body stabilisation and the hybrid viewfinder that made the series famous.",
            "Choose silver or black. Each colour is allocated separately.",
        ],
        [("Sensor", "40.2MP APS-C"), ("Lens", "23mm f/2"), ("Weight", "521 g")],
        reviews=[Review("Ana", "19/07/2026", "2026-07-19", 5, "Beautiful", "Black version looks stunning.")],
        related=[Related("Peak Design Cuff Strap", 24.95, handle="pd-cuff"), Related("Fujifilm NP-W126S battery", 59.00, handle="np-w126s")],
        variants=["Silver", "Black"],
        variant_label="Colour",
        rating=4.8,
    )
    before = shopify(site, p, State(1599.00, stock="out", variant_stock={"Silver": "out", "Black": "out"}, selected="Black"), {"jsonld"})
    after = shopify(site, p, State(1599.00, stock="out", variant_stock={"Silver": "low:2", "Black": "out"}, selected="Black", notice="Silver is back in stock (2 left)!"), {"jsonld"})
    return Case(
        "snapshop-x100vi-black-other-colour-in-stock",
        "Tell me when the Fujifilm X100VI in black is back in stock at Snapshop",
        "en",
        "stock",
        True,
        True,
        "/products/fujifilm-x100vi",
        "decoy: the silver one comes back ('Silver is back in stock'), black stays sold out; JSON-LD has one offer per colour with its name",
        before,
        after,
    )


def cupboard_back_soon() -> Case:
    site = Site(
        "Cupboard & Co",
        "cupboardandco.co.uk",
        "en-GB",
        "GBP",
        ["Drinkware", "Lunch", "Kitchen", "Home", "Gifts"],
        "Free delivery when you spend £40",
        cookie="cookieyes",
        footer=UK_FOOTER,
    )
    p = Product(
        "Stanley Quencher H2.0 FlowState Tumbler 40oz – Rose Quartz",
        "Stanley",
        "10-10827-060",
        "stanley-quencher-h2-40oz-rose-quartz",
        ["Drinkware", "Tumblers"],
        [
            "Double-wall vacuum insulation keeps drinks cold for 11 hours and iced for 2 days. The FlowState lid has a straw opening, a drink opening and a full-cover top.",
            "Fits most car cup holders. Dishwasher safe.",
        ],
        [("Capacity", "1.18 L (40 oz)"), ("Material", "90% recycled stainless steel"), ("Dishwasher safe", "Yes")],
        reviews=[Review("Megan", "12 April 2026", "2026-04-12", 5, "Obsessed", "It came back in stock last month and sold out within a day, set an alert!")],
        related=[Related("Stanley Quencher 40oz – Frost", 45.00, handle="stanley-quencher-frost"), Related("Stanley Quencher 30oz – Rose Quartz", 40.00, handle="stanley-quencher-30-rose")],
        rating=4.7,
    )
    before = woocommerce(site, p, State(45.00, stock="out"), {"jsonld"})
    after = woocommerce(site, p, State(45.00, stock="out", notice="<strong>Back in stock soon!</strong> A new delivery is on its way. Sign up below and we’ll email you the moment it lands."), {"jsonld"})
    return Case(
        "cupboard-stanley-rose-quartz-back-soon",
        "Tell me when the Stanley Quencher H2.0 40oz in Rose Quartz is back in stock at Cupboard & Co",
        "en",
        "stock",
        True,
        True,
        "/product/stanley-quencher-h2-40oz-rose-quartz/",
        "decoy: AFTER says 'Back in stock soon!' while still out of stock; a review says it 'came back in stock last month'",
        before,
        after,
    )


def retroroom_preorder() -> Case:
    site = Site(
        "RetroRoom",
        "www.retroroom.com",
        "en-US",
        "USD",
        ["Consoles", "Cartridges", "Controllers", "Mods", "Pre-orders"],
        "Free US shipping over $99",
        cookie="simple",
        footer=US_FOOTER,
    )
    p = Product(
        "Analogue 3D – Black",
        "Analogue",
        "A3D-BLK",
        "analogue-3d-black",
        ["Consoles", "FPGA"],
        [
            "A 4K FPGA console that plays every N64 cartridge ever made, in original form: no emulation, no ROMs.",
            "Ships with a Bluetooth controller adapter and HDMI cable.",
        ],
        [("Output", "4K HDMI"), ("Compatibility", "All NTSC and PAL N64 cartridges"), ("Controllers", "4 original ports, Bluetooth")],
        reviews=[],
        related=[Related("8BitDo 64 Bluetooth Controller", 39.99, handle="8bitdo-64"), Related("Analogue Pocket – Black", 219.99, handle="analogue-pocket-black")],
        rating=4.8,
    )
    before = shopify(site, p, State(249.99, stock="out", notice="Coming soon. We don’t have a date from Analogue yet."), {"jsonld"})
    after = shopify(site, p, State(249.99, stock="preorder", notice="<strong>Pre-order now</strong> – estimated to ship in Q2 2027. Your card is charged when your order ships."), {"jsonld"})
    return Case(
        "retroroom-analogue-3d-preorder",
        "Tell me when the Analogue 3D is in stock at RetroRoom",
        "en",
        "stock",
        True,
        True,
        "/products/analogue-3d-black",
        "decoy: 'Coming soon' becomes 'Pre-order now – ships Q2 2027' (JSON-LD PreOrder), not in stock",
        before,
        after,
    )


def beanstreet_review() -> Case:
    site = Site(
        "BeanStreet",
        "www.beanstreet.co.uk",
        "en-GB",
        "GBP",
        ["Espresso machines", "Grinders", "Coffee", "Accessories", "Offers"],
        "Free UK delivery on machines · 5% off your first bag of beans",
        cookie="simple",
        footer=UK_FOOTER,
    )
    p = Product(
        "Sage the Barista Touch Impress SES881 – Brushed Stainless Steel",
        "Sage",
        "SES881BSS4GUK1",
        "sage-barista-touch-impress",
        ["Espresso machines", "Bean to cup"],
        [
            "Guided dose and tamp, automatic microfoam milk and a touchscreen with barista guidance: café-quality coffee with none of the guesswork.",
            "Includes a 54mm portafilter and the Impress puck system.",
        ],
        [("Grinder", "Integrated conical burr, 30 settings"), ("Water tank", "2 L"), ("Heating", "ThermoJet, 3 seconds")],
        reviews=[Review("Olu", "6 January 2026", "2026-01-06", 5, "Perfect", "Makes a flat white better than my local.")],
        related=[Related("Sage the Barista Express Impress", 599.95, handle="sage-barista-express-impress"), Related("Sage Knock Box Mini", 24.95, handle="sage-knock-box")],
        rating=4.7,
    )
    before = indie(site, p, State(999.95, stock="out"), set())
    after = indie(
        site,
        p,
        State(
            999.95,
            stock="out",
            reviews_extra=[Review("Kirsty M.", "26 November 2026", "2026-11-26", 5, "Keep checking!", "It came back in stock last time for about two hours before selling out again. Mine arrived in two days and it is fantastic.")],
        ),
        set(),
    )
    return Case(
        "beanstreet-barista-touch-impress-review-restock",
        "Tell me when the Sage Barista Touch Impress is back in stock at BeanStreet",
        "en",
        "stock",
        True,
        False,
        "/product/sage-barista-touch-impress",
        "decoy (issue 32's false alert): a new review says it 'came back in stock last time'; the page still says Currently unavailable; no structured data",
        before,
        after,
    )


def pishop_low_stock() -> Case:
    site = Site(
        "PiShop",
        "pishop.co.uk",
        "en-GB",
        "GBP",
        ["Raspberry Pi", "Arduino", "Cases", "Power", "Displays", "Kits"],
        "Approved Raspberry Pi reseller · Same-day dispatch before 2pm",
        cookie="cookieyes",
        footer=UK_FOOTER,
    )
    p = Product(
        "Raspberry Pi 5 Model B – 16GB",
        "Raspberry Pi",
        "SC1112",
        "raspberry-pi-5-16gb",
        ["Raspberry Pi", "Boards"],
        [
            "The 16GB Raspberry Pi 5: a 2.4GHz quad-core Arm Cortex-A76, dual 4Kp60 HDMI, PCIe 2.0 and a real-time clock.",
            "Limited to 2 per customer while stock is constrained.",
        ],
        [("CPU", "Broadcom BCM2712, 2.4GHz"), ("RAM", "16GB LPDDR4X"), ("Power", "5V/5A USB-C")],
        reviews=[Review("Sam", "15/03/2026", "2026-03-15", 5, "Beast", "Runs my home lab on 12W.")],
        related=[Related("Raspberry Pi 5 – 8GB", 76.80, handle="raspberry-pi-5-8gb"), Related("Raspberry Pi 27W USB-C Power Supply", 11.50, handle="pi-27w-psu"), Related("Raspberry Pi Active Cooler", 4.80, handle="pi5-active-cooler")],
        rating=4.9,
    )
    before = magento(site, p, State(114.00, stock="out"), {"microdata"})
    after = magento(site, p, State(114.00, stock="low:3"), {"microdata"})
    return Case(
        "pishop-raspberry-pi-5-16gb-in-stock",
        "Tell me when the Raspberry Pi 5 16GB is in stock at PiShop",
        "en",
        "stock",
        False,
        True,
        "/raspberry-pi-5-16gb.html",
        "microdata availability OutOfStock → InStock; the 8GB model is always in stock beside it",
        before,
        after,
    )


CASES = [
    gamegrid_switch,
    cameraworld_silver,
    snapshop_other_colour,
    cupboard_back_soon,
    retroroom_preorder,
    beanstreet_review,
    pishop_low_stock,
]
