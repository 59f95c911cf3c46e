"""Tiendas en español: un precio por debajo de un umbral, vuelta al stock, y sus señuelos."""

from __future__ import annotations

from common import Case
from shop_model import Product, Related, Review, Site, State
from shop_plain import indie, nextshop
from shop_prestashop import prestashop
from shop_shopify import shopify

ES_FOOTER = [
    ("Comprar", ["Novedades", "Más vendidos", "Ofertas", "Tarjetas regalo"]),
    ("Atención al cliente", ["Contacto", "Envíos", "Devoluciones", "Seguimiento de pedido"]),
    ("Sobre nosotros", ["Quiénes somos", "Aviso legal", "Política de privacidad", "Condiciones de venta"]),
]


def tecnomarket() -> Case:
    site = Site("TecnoMarket", "www.tecnomarket.es", "es-ES", "EUR", ["Móviles", "Informática", "TV y Audio", "Gaming", "Electrodomésticos", "Outlet"], "Envío gratis en 24 h a partir de 50 € · Devolución gratuita 30 días", cookie="cookiebot", footer=ES_FOOTER, phone="Atención al cliente: 910 000 123")
    p = Product(
        "Xiaomi 15T Pro 5G 12 GB + 512 GB Negro",
        "Xiaomi",
        "MZB0K3SEU",
        "xiaomi-15t-pro-12-512-negro",
        ["Móviles", "Smartphones Android"],
        [
            "Cámara Leica con teleobjetivo de 5x, pantalla AMOLED de 6,83\" a 144 Hz y procesador MediaTek Dimensity 9400+.",
            "Carga HyperCharge de 90 W: del 0 al 100 % en 37 minutos.",
        ],
        [("Pantalla", "6,83\" AMOLED, 144 Hz"), ("Memoria", "12 GB RAM + 512 GB"), ("Batería", "5.500 mAh")],
        reviews=[Review("Carlos M.", "15/10/2026", "2026-10-15", 5, "Brutal", "La cámara es espectacular. Lo vi a 549 € en otra tienda el Prime Day pero ya no quedaban.")],
        related=[Related("Xiaomi 15T 12 GB + 256 GB", 499.99, 549.99, "-9 %", "xiaomi-15t-256"), Related("Funda Xiaomi 15T Pro", 19.99, handle="funda-15t-pro"), Related("Cargador Xiaomi 90 W", 39.99, handle="cargador-90w")],
        gtin="6941812789123",
        rating=4.6,
    )
    before = prestashop(site, p, State(699.99, delivery="Recíbelo mañana si lo pides antes de las 18:00"), {"jsonld"})
    after = prestashop(site, p, State(579.00, 699.99, delivery="Recíbelo mañana si lo pides antes de las 18:00"), {"jsonld"})
    return Case(
        "tecnomarket-xiaomi-15t-pro-baje-de-600",
        "Avísame cuando el Xiaomi 15T Pro baje de 600 € en TecnoMarket",
        "es",
        "price",
        False,
        True,
        "/smartphones-android/2200-xiaomi-15t-pro-12-512-negro.html",
        "PrestaShop con JSON-LD; formato 579,00 €; el 15T (sin Pro) cuesta 499,99 € y una opinión cita 549 €",
        before,
        after,
        ["579.00"],
    )


def casahogar() -> Case:
    site = Site("CasaHogar", "www.casahogar.es", "es-ES", "EUR", ["Cocina", "Pequeño electrodoméstico", "Limpieza", "Climatización", "Ofertas"], "Envío gratis a partir de 39 € · Paga en 3 plazos sin intereses", cookie="cookieyes", footer=ES_FOOTER)
    p = Product(
        "Freidora de aire Cosori Turbo Blaze 6 L",
        "Cosori",
        "CAF-DC601-KEU",
        "freidora-aire-cosori-turbo-blaze-6l",
        ["Cocina", "Freidoras de aire"],
        [
            "Motor DC de 5 velocidades y temperatura hasta 230 °C: resultados más crujientes con hasta un 95 % menos de aceite.",
            "Cesta de 6 litros apta para lavavajillas, 9 funciones y más de 100 recetas en la app VeSync.",
        ],
        [("Capacidad", "6 L"), ("Potencia", "1725 W"), ("Temperatura", "30–230 °C")],
        reviews=[Review("Marta G.", "03/05/2026", "2026-05-03", 5, "La mejor compra", "Silenciosa y rapidísima. La compré por 99 € en el Black Friday pasado.")],
        related=[Related("Cosori Lite 4,7 L", 69.99, 89.99, "-22 %", "cosori-lite"), Related("Papel para freidora de aire (100 uds.)", 9.99, handle="papel-freidora")],
        rating=4.7,
    )
    before = prestashop(site, p, State(129.99), {"microdata"})
    after = prestashop(site, p, State(89.99, 129.99), {"microdata"})
    return Case(
        "casahogar-cosori-turbo-blaze-menos-de-100",
        "Avísame cuando la freidora de aire Cosori Turbo Blaze cueste menos de 100 € en CasaHogar",
        "es",
        "price",
        False,
        True,
        "/freidoras-de-aire/2200-freidora-aire-cosori-turbo-blaze-6l.html",
        "PrestaShop con microdatos; una opinión cita 99 € en BEFORE (por debajo del umbral, pero pasado) y la Cosori Lite cuesta 69,99 €",
        before,
        after,
        ["89.99"],
    )


def runplanet() -> Case:
    site = Site("RunPlanet", "www.runplanet.es", "es-ES", "EUR", ["Zapatillas", "Ropa", "Relojes", "Nutrición", "Outlet"], "OUTLET: hasta -50 % en zapatillas de temporadas anteriores", cookie="onetrust", footer=ES_FOOTER)
    p = Product(
        "Nike Pegasus 41 – Hombre – Negro/Blanco",
        "Nike",
        "FD2722-002",
        "nike-pegasus-41-hombre-negro",
        ["Zapatillas", "Running asfalto"],
        [
            "La Pegasus de siempre con espuma ReactX, un 13 % más de retorno de energía, y unidades Air Zoom en antepié y talón.",
            "Drop 10 mm. Peso 283 g (talla 42).",
        ],
        [("Drop", "10 mm"), ("Peso", "283 g"), ("Uso", "Entrenamiento diario")],
        reviews=[Review("Álvaro", "11/09/2026", "2026-09-11", 4, "Cómodas", "Muy parecidas a las 40, que compré a 79,99 € en el outlet.")],
        related=[Related("Nike Pegasus 40 – Hombre", 84.99, 139.99, "-39 %", "nike-pegasus-40"), Related("Nike Vomero 18", 149.99, handle="nike-vomero-18")],
        variants=["40", "41", "42", "43", "44"],
        variant_label="Talla",
        rating=4.5,
    )
    before = shopify(site, p, State(139.99, selected="42"), {"jsonld"})
    after = shopify(
        site,
        p,
        State(
            119.99,
            139.99,
            selected="42",
            related_override=[Related("Nike Pegasus 40 – Hombre", 69.99, 139.99, "-50 %", "nike-pegasus-40"), Related("Nike Pegasus 41 GORE-TEX", 89.99, 169.99, "-47 %", "nike-pegasus-41-gtx"), Related("Nike Vomero 18", 149.99, handle="nike-vomero-18")],
        ),
        {"jsonld"},
    )
    return Case(
        "runplanet-pegasus-41-por-debajo-de-90",
        "Avísame cuando las Nike Pegasus 41 estén por debajo de 90 € en RunPlanet",
        "es",
        "price",
        True,
        True,
        "/products/nike-pegasus-41-hombre-negro",
        "señuelo: baja a 119,99 €, aún por encima; las Pegasus 40 a 69,99 € y las Pegasus 41 GORE-TEX a 89,99 € son otros productos",
        before,
        after,
    )


def electrosur() -> Case:
    site = Site("ElectroSur", "www.electrosur.es", "es-ES", "EUR", ["Robots aspiradores", "Aspiradoras", "Cocina", "Climatización", "Ofertas"], "Envío gratis en 48/72 h · Financiación hasta 12 meses", cookie="simple", footer=ES_FOOTER, phone="954 00 11 22")
    p = Product(
        "Robot aspirador Roborock Qrevo Curv",
        "Roborock",
        "QREVO-CURV-B",
        "roborock-qrevo-curv",
        ["Robots aspiradores", "Robots friegasuelos"],
        [
            "Aspira y friega con 18.500 Pa de succión, mopas giratorias que se elevan sobre las alfombras y una base que vacía, lava y seca con aire caliente.",
            "Navegación LiDAR y evitación de obstáculos con IA.",
        ],
        [("Succión", "18.500 Pa"), ("Autonomía", "180 min"), ("Base", "Autovaciado y lavado a 75 °C")],
        reviews=[Review("Pilar", "28/07/2026", "2026-07-28", 5, "Me cambió la vida", "Lo pillé por 479 € en una oferta flash, ahora ha vuelto a subir.")],
        related=[Related("Roborock Q7 Max+", 329.00, 449.00, handle="roborock-q7-max"), Related("Kit de recambios Qrevo", 39.90, handle="kit-qrevo")],
        rating=4.6,
    )
    before = indie(site, p, State(549.00), set())
    after = indie(site, p, State(449.00, 549.00), set())
    return Case(
        "electrosur-roborock-qrevo-como-maximo-450",
        "Avísame cuando el robot aspirador Roborock Qrevo Curv cueste como máximo 450 € en ElectroSur",
        "es",
        "price",
        False,
        False,
        "/product/roborock-qrevo-curv",
        "«como máximo 450 €» y baja a 449,00 €; sin datos estructurados; el Q7 Max+ cuesta 329,00 € y una opinión cita 479 €",
        before,
        after,
        ["449.00"],
    )


def juegamas() -> Case:
    site = Site("JuegaMás", "www.juegamas.es", "es-ES", "EUR", ["Nintendo", "PlayStation", "Xbox", "PC", "Reservas", "Segunda mano"], "Una consola por cliente · Envío gratis en pedidos +30 €", cookie="cookieyes", footer=ES_FOOTER)
    p = Product(
        "Consola Nintendo Switch 2",
        "Nintendo",
        "NSW2-ES",
        "consola-nintendo-switch-2",
        ["Nintendo", "Consolas"],
        [
            "Pantalla LCD de 7,9\" 1080p, hasta 4K en la TV, Joy-Con 2 magnéticos y 256 GB de almacenamiento.",
            "Limitado a una unidad por cliente.",
        ],
        [("Pantalla", "7,9\" 1080p HDR"), ("Almacenamiento", "256 GB")],
        reviews=[Review("Sergio", "20/09/2026", "2026-09-20", 5, "Por fin", "La conseguí en la última reposición, llegó en 24 h.")],
        related=[Related("Mario Kart World", 79.95, handle="mario-kart-world"), Related("Funda Switch 2", 19.95, handle="funda-switch-2")],
        rating=4.9,
    )
    before = shopify(site, p, State(469.95, stock="out", notice="Agotado. Esperamos nueva reposición en las próximas semanas."), {"jsonld"})
    after = shopify(site, p, State(469.95, stock="in", notice="¡Vuelve a estar disponible! En stock. Envío en 24/48 h."), {"jsonld"})
    return Case(
        "juegamas-switch-2-vuelve-a-haber-stock",
        "Avísame cuando vuelva a haber stock de la Nintendo Switch 2 en JuegaMás",
        "es",
        "stock",
        False,
        True,
        "/products/consola-nintendo-switch-2",
        "JSON-LD OutOfStock → InStock; «Agotado» → «En stock. Envío en 24/48 h»",
        before,
        after,
    )


def bloquesya() -> Case:
    site = Site("BloquesYa", "www.bloquesya.es", "es-ES", "EUR", ["LEGO", "Star Wars", "Icons", "Technic", "Próximamente", "Ofertas"], "Puntos VIP en cada compra · Envío gratis desde 50 €", cookie="cookieyes", footer=ES_FOOTER)
    p = Product(
        "LEGO Icons Rivendel de El Señor de los Anillos 10316",
        "LEGO",
        "10316",
        "lego-icons-rivendel-10316",
        ["LEGO", "Icons"],
        [
            "Construye el valle de Rivendel: 6.167 piezas, 15 minifiguras de la Comunidad del Anillo y un sinfín de detalles de la Tierra Media.",
            "Mide más de 39 cm de alto, 72 cm de ancho y 50 cm de fondo.",
        ],
        [("Piezas", "6.167"), ("Edad", "18+"), ("Minifiguras", "15")],
        reviews=[Review("Irene", "02/02/2026", "2026-02-02", 5, "Una pasada", "Horas y horas de montaje.")],
        related=[Related("LEGO Icons Barad-dûr 10333", 469.99, handle="lego-barad-dur"), Related("LEGO Icons La Comarca 10354", 269.99, handle="lego-la-comarca")],
        rating=4.9,
    )
    before = prestashop(site, p, State(499.99, stock="out"), {"jsonld"})
    after = prestashop(site, p, State(499.99, stock="preorder", notice="<strong>Próximamente — ¡Resérvalo ya!</strong> Reposición prevista para febrero de 2027. No se te cobrará hasta el envío."), {"jsonld"})
    return Case(
        "bloquesya-lego-rivendel-solo-reserva",
        "Avísame cuando el LEGO Icons Rivendel vuelva a estar disponible en BloquesYa",
        "es",
        "stock",
        True,
        True,
        "/icons/2200-lego-icons-rivendel-10316.html",
        "señuelo: «Próximamente — ¡Resérvalo ya!» con JSON-LD PreOrder y reposición en febrero; no está disponible",
        before,
        after,
    )


def zapatolab() -> Case:
    site = Site("ZapatoLab", "www.zapatolab.es", "es-ES", "EUR", ["Hombre", "Mujer", "Niños", "Marcas", "Rebajas"], "Cambios y devoluciones gratis en 30 días", cookie="onetrust", footer=ES_FOOTER)
    p = Product(
        "Adidas Samba OG – Blanco / Negro",
        "Adidas",
        "B75806",
        "adidas-samba-og-blanco",
        ["Hombre", "Zapatillas", "Sneakers"],
        [
            "Nacida en las pistas de fútbol en los años 50 y convertida en icono urbano: piel suave, puntera de ante y suela de goma.",
            "Horma normal.",
        ],
        [("Exterior", "Piel"), ("Suela", "Goma"), ("Código de color", "Cloud White / Core Black / Clear Granite")],
        reviews=[Review("Nerea", "09/06/2026", "2026-06-09", 5, "Preciosas", "Talla normal, pedí mi 40.")],
        related=[Related("Adidas Gazelle Indoor", 120.00, handle="adidas-gazelle-indoor"), Related("Adidas Spezial Handball", 110.00, handle="adidas-spezial")],
        variants=["40", "41", "42", "43", "44"],
        variant_label="Talla",
        rating=4.8,
    )
    before = nextshop(site, p, State(120.00, stock="out", variant_stock={"40": "in", "41": "in", "42": "out", "43": "in", "44": "out"}, selected="42"), set())
    after = nextshop(site, p, State(120.00, stock="in", variant_stock={"40": "in", "41": "in", "42": "low:2", "43": "in", "44": "out"}, selected="42"), set())
    return Case(
        "zapatolab-samba-og-talla-42-disponible",
        "Avísame cuando vuelvan a estar disponibles las Adidas Samba OG blancas en talla 42 en ZapatoLab",
        "es",
        "stock",
        False,
        False,
        "/products/adidas-samba-og-blanco",
        "la talla 42 pasa de agotada a «¡Solo quedan 2 unidades!»; en BEFORE otras tallas están disponibles; sin schema.org",
        before,
        after,
    )


CASES = [
    tecnomarket,
    casahogar,
    runplanet,
    electrosur,
    juegamas,
    bloquesya,
    zapatolab,
]
