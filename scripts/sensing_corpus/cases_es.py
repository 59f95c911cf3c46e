"""Páginas en español: tiendas, versiones, incidencias, citas, avisos y eventos."""

from __future__ import annotations

from booking import Day, municipal_appointments, restaurant
from common import Case
from notices import event_page, town_notice
from releases import Post, project_blog
from shop_model import Product, Related, Review, Site, State
from shops import shopify
from shops2 import prestashop
from shops3 import indie, nextshop
from status import Update, statuspage_incident

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


def tejedora() -> Case:
    labels = {"title": "Noticias", "path": "noticias", "home": "Inicio", "next": "Página siguiente"}
    posts_before = [
        Post("Tejedora 3.0 beta: ya puedes probarla", "tejedora-3-0-beta", "2026-11-03", "3 de noviembre de 2026", "Equipo Tejedora", "La beta de Tejedora 3.0 incluye el nuevo motor de plantillas y soporte para Python 3.14. La versión final llegará cuando cerremos los últimos fallos.", ["versiones"]),
        Post("Tejedora 2.11.4", "tejedora-2-11-4", "2026-10-02", "2 de octubre de 2026", "Equipo Tejedora", "Corrige un fallo al generar sitemaps con rutas relativas.", ["versiones"]),
    ]
    posts_after = [
        Post("Publicada Tejedora 3.0.0", "tejedora-3-0-0", "2026-11-26", "26 de noviembre de 2026", "Equipo Tejedora", "¡Ya está aquí! Tejedora 3.0.0 se publica hoy con el nuevo motor de plantillas, compilación incremental y soporte para Python 3.14. Instálala con <code>pip install -U tejedora</code>.", ["versiones"]),
        *posts_before,
    ]
    kw = dict(nav=["Documentación", "Descargar", "Noticias", "Comunidad"], tagline="Novedades del generador de sitios estáticos Tejedora", labels=labels, footer="© 2026 Proyecto Tejedora · Licencia MIT")
    before = project_blog("Tejedora", "tejedora.dev", "es", posts_before, **kw)
    after = project_blog("Tejedora", "tejedora.dev", "es", posts_after, **kw)
    return Case(
        "tejedora-3-0-publicada",
        "Avísame cuando se publique la versión 3.0 de Tejedora",
        "es",
        "release",
        False,
        False,
        "/noticias/",
        "un blog de proyecto: «3.0 beta» → «Publicada Tejedora 3.0.0»",
        before,
        after,
        ["3.0.0"],
    )


def pagoya() -> Case:
    words = {"subscribe": "Suscribirse a las actualizaciones", "affected": "Esta incidencia afectó a", "powered": "Con la tecnología de Atlassian Statuspage", "back": "← Estado actual", "history": "Historial de incidencias", "posted": "Publicado el"}
    investigando = Update("Investigando", "Estamos investigando errores al enviar pagos entre particulares desde la app. Los pagos con tarjeta no están afectados.", "27 nov 2026 - 19:10 CET")
    identificado = Update("Identificado", "Hemos identificado un problema con uno de nuestros proveedores de conectividad bancaria. Estamos trabajando con ellos para solucionarlo.", "27 nov 2026 - 19:42 CET")
    resuelto = Update("Resuelto", "La incidencia está resuelta. Los envíos de dinero funcionan con normalidad desde las 20:35. Los pagos que fallaron no se han cobrado.", "27 nov 2026 - 21:02 CET")
    title = "Errores al enviar dinero desde la app"
    comps = ["Envíos entre particulares", "App móvil"]
    before = statuspage_incident("PagoYa", "estado.pagoya.es", title, "major", [identificado, investigando], comps, lang="es", words=words)
    after = statuspage_incident("PagoYa", "estado.pagoya.es", title, "major", [resuelto, identificado, investigando], comps, lang="es", words=words)
    return Case(
        "pagoya-incidencia-envios-resuelta",
        "Avísame cuando se resuelva la incidencia de PagoYa con los envíos de dinero",
        "es",
        "incident",
        False,
        False,
        "/incidents/r0zq5mxv2k1d",
        "una página Statuspage en español: «Identificado» → «Resuelto»",
        before,
        after,
    )


def cita_dni() -> Case:
    nav = ["Cita previa", "Trámites", "Oficinas", "Ayuda"]
    footer = "<p>Ministerio del Interior · Dirección General de la Policía · <a href=\"/aviso-legal\">Aviso legal</a> · <a href=\"/accesibilidad\">Accesibilidad</a></p>"
    steps = ["Trámite", "Oficina", "Cita", "Datos", "Confirmación"]
    intro = "Seleccione una cita. Recuerde acudir con el DNI anterior y una fotografía reciente en color."
    none = "<div class=\"alert alert-warning\"><p><strong>En este momento no hay citas disponibles</strong> en la oficina seleccionada.</p><p>Las citas se liberan de forma periódica. Inténtelo de nuevo más tarde o seleccione otra oficina.</p></div><p>Oficinas cercanas con citas: Valencia-Exposición (04/03/2027).</p>"
    some = "<div class=\"citas\"><p>Hay citas disponibles en la oficina seleccionada:</p><table><thead><tr><th>Fecha</th><th>Hora</th><th></th></tr></thead><tbody><tr><td>15/03/2027</td><td>10:20</td><td><button name=\"cita\" value=\"2027-03-15T10:20\">Seleccionar</button></td></tr><tr><td>15/03/2027</td><td>12:40</td><td><button name=\"cita\" value=\"2027-03-15T12:40\">Seleccionar</button></td></tr></tbody></table></div><p>Oficinas cercanas con citas: Valencia-Exposición (04/03/2027).</p>"
    kw = dict(heading="Cita previa DNI y pasaporte", intro=intro, steps=steps, nav=nav, footer=footer, skip="Saltar al contenido")
    before = municipal_appointments("Cita previa DNI", "www.citapreviadnie.es", "es", "Trámite|Renovación de DNI", "Oficina|Comisaría Valencia-Zapadores", result=none, **kw)
    after = municipal_appointments("Cita previa DNI", "www.citapreviadnie.es", "es", "Trámite|Renovación de DNI", "Oficina|Comisaría Valencia-Zapadores", result=some, **kw)
    return Case(
        "cita-previa-dni-valencia-zapadores",
        "Avísame cuando haya cita previa para renovar el DNI en la comisaría de Valencia-Zapadores",
        "es",
        "slot",
        False,
        False,
        "/citaPrevia/seleccionCita",
        "«no hay citas disponibles» → 15/03/2027 a las 10:20; otra oficina tiene cita el 04/03/2027 en las dos páginas",
        before,
        after,
        ["2027-03-15", "10:20"],
    )


def casa_marcial() -> Case:
    words = {
        "title": "Reservas",
        "intro": "Aceptamos reservas con hasta 30 días de antelación. Para grupos de más de 8 personas, llámenos.",
        "date": "Fecha",
        "guests": "Comensales",
        "search": "Buscar mesa",
        "times": "Horas disponibles",
        "none": "Lo sentimos, no hay disponibilidad para {party} el {day}.",
        "full": "Completo",
        "other": "Otras fechas",
        "waitlist": "Apuntarse a la lista de espera",
        "menu": "La carta",
        "visit": "Dónde estamos",
    }
    common = dict(
        address="Calle de la Cava Baja 35, 28005 Madrid",
        cuisine="Cocina castellana",
        party="4 personas",
        words=words,
        menu_teaser="Huevos rotos con patatas, cochinillo asado al horno de leña, callos a la madrileña.",
        reviews=[("Los mejores huevos rotos de Madrid.", "El País"), ("Una institución de la Cava Baja.", "Condé Nast Traveler")],
        nav=["Reservas", "Carta", "Historia", "Contacto"],
        footer="Casa Marcial · Abierto todos los días de 13:00 a 16:00 y de 20:30 a 24:00",
    )
    before = restaurant("Casa Marcial", "casamarcial.es", "es-ES", selected=Day("sábado, 12 de diciembre", "2026-12-12", []), others=[Day("viernes, 11 de diciembre", "2026-12-11", []), Day("domingo, 13 de diciembre", "2026-12-13", [])], **common)
    after = restaurant("Casa Marcial", "casamarcial.es", "es-ES", selected=Day("sábado, 12 de diciembre", "2026-12-12", [], "Lista de espera abierta para el sábado."), others=[Day("viernes, 11 de diciembre", "2026-12-11", []), Day("domingo, 13 de diciembre", "2026-12-13", ["14:00", "14:30"])], **common)
    return Case(
        "casa-marcial-mesa-sabado-solo-domingo",
        "Avísame cuando haya mesa para 4 en Casa Marcial el sábado 12 de diciembre",
        "es",
        "slot",
        True,
        False,
        "/reservas/",
        "señuelo: aparecen mesas el domingo 13 a las 14:00 y 14:30; el sábado sigue sin disponibilidad (solo lista de espera)",
        before,
        after,
    )


def licencia_obra() -> Case:
    nav = ["Ayuntamiento", "Trámites", "Urbanismo", "Noticias", "Sede electrónica"]
    footer = "<p>Ayuntamiento de Villanueva del Río · Plaza Mayor 1 · Tel. 955 00 00 00</p>"
    tabla = "<table class=\"expediente\"><tr><th>Expediente</th><td>LO-2026/0871</td></tr><tr><th>Emplazamiento</th><td>Calle Alcalá 214</td></tr><tr><th>Objeto</th><td>Rehabilitación de edificio de viviendas y ampliación de una planta</td></tr><tr><th>Fecha de solicitud</th><td>02/07/2026</td></tr><tr><th>Estado</th><td>{estado}</td></tr></table>"
    intro = "<p>Consulta del estado de los expedientes de licencias urbanísticas, conforme a la ordenanza municipal de transparencia.</p>"
    kw = dict(nav=nav, crumbs=["Inicio", "Urbanismo", "Licencias", "LO-2026/0871"], footer=footer, words={"skip": "Saltar al contenido", "search": "Buscar", "share": "Compartir"})
    before = town_notice("Ayuntamiento de Villanueva del Río", "villanuevadelrio.es", "es", "Licencia de obra mayor LO-2026/0871", intro + tabla.format(estado="En trámite: pendiente de informe técnico"), updated="Actualizado el 03/11/2026", **kw)
    after = town_notice("Ayuntamiento de Villanueva del Río", "villanuevadelrio.es", "es", "Licencia de obra mayor LO-2026/0871", intro + tabla.format(estado="Concedida por Decreto de Alcaldía n.º 2026/1433 de 24/11/2026") + "<p>Plazo de inicio de las obras: seis meses desde la notificación.</p>", updated="Actualizado el 25/11/2026", **kw)
    return Case(
        "licencia-obra-calle-alcala-214-concedida",
        "Avísame cuando se apruebe la licencia de obra de la calle Alcalá 214",
        "es",
        "notice",
        False,
        False,
        "/urbanismo/licencias/lo-2026-0871",
        "una página municipal: «En trámite» → «Concedida por Decreto de Alcaldía»; la pregunta dice «se apruebe» y la página «Concedida»",
        before,
        after,
    )


def los_faros() -> Case:
    nav = ["Conciertos", "Entradas", "Cómo llegar", "Accesibilidad", "Contacto"]
    footer = "<p>Sala Riviera Arena · Promotor: Sonido Norte S.L.</p>"
    base = {
        "@context": "https://schema.org",
        "@type": "MusicEvent",
        "name": "Los Faros – Gira Mareas",
        "startDate": "2026-12-19T21:00:00+01:00",
        "eventStatus": "https://schema.org/EventScheduled",
        "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
        "location": {"@type": "Place", "name": "Riviera Arena", "address": {"@type": "PostalAddress", "addressLocality": "Madrid", "addressCountry": "ES"}},
        "performer": {"@type": "MusicGroup", "name": "Los Faros"},
        "offers": {"@type": "Offer", "price": "35.00", "priceCurrency": "EUR", "availability": "https://schema.org/InStock", "url": "https://entradas.rivieraarena.es/los-faros"},
    }
    body_before = "<section class=\"wrap\"><h2>Sábado 19 de diciembre · 21:00</h2><p>Los Faros presentan «Mareas», su cuarto disco, en la única fecha en Madrid de la gira. Apertura de puertas a las 20:00.</p><p><a class=\"button\" href=\"https://entradas.rivieraarena.es/los-faros\">Comprar entradas – 35 €</a></p></section>"
    body_after = "<section class=\"wrap alert\" role=\"alert\"><h2>CONCIERTO CANCELADO</h2><p>Por motivos de salud de uno de sus integrantes, Los Faros cancelan el concierto del 19 de diciembre en Riviera Arena. Se devolverá el importe íntegro de las entradas en un plazo de 14 días en el mismo medio de pago.</p></section>"
    before = event_page("Riviera Arena", "rivieraarena.es", "es", "Los Faros – Gira Mareas | Riviera Arena", hero="<h1>Los Faros</h1><p>Gira Mareas · 19/12/2026</p>", body=body_before, event=base, nav=nav, footer=footer)
    after_ld = base | {"eventStatus": "https://schema.org/EventCancelled", "offers": base["offers"] | {"availability": "https://schema.org/Discontinued"}}
    after = event_page("Riviera Arena", "rivieraarena.es", "es", "CANCELADO – Los Faros | Riviera Arena", hero="<h1>Los Faros</h1><p>Concierto cancelado</p>", body=body_after, event=after_ld, nav=nav, footer=footer)
    return Case(
        "los-faros-concierto-riviera-cancelado",
        "Avísame si se cancela el concierto de Los Faros en la Riviera Arena",
        "es",
        "notice",
        False,
        True,
        "/conciertos/los-faros",
        "MusicEvent JSON-LD EventScheduled → EventCancelled y un aviso «CONCIERTO CANCELADO»",
        before,
        after,
    )


def congreso_bilbao() -> Case:
    nav = ["Programa", "Ponentes", "Patrocinio", "Prensa", "Contacto"]
    footer = "<p>Congreso Digital Bilbao · Palacio Euskalduna · <a href=\"/privacidad\">Privacidad</a></p>"
    body_before = "<section class=\"wrap\"><h2>Gracias por venir en 2026</h2><p>Más de 9.000 asistentes y 300 ponentes. Muy pronto anunciaremos las fechas de la edición 2027.</p></section>"
    body_after = "<section class=\"wrap\"><h2>Congreso Digital Bilbao 2027: del 8 al 10 de junio</h2><p>La próxima edición se celebrará <strong>del martes 8 al jueves 10 de junio de 2027</strong> en el Palacio Euskalduna. La convocatoria de ponencias abre el 11 de enero.</p></section><section class=\"wrap\"><h2>Gracias por venir en 2026</h2><p>Más de 9.000 asistentes y 300 ponentes.</p></section>"
    event = {
        "@context": "https://schema.org",
        "@type": "BusinessEvent",
        "name": "Congreso Digital Bilbao 2027",
        "startDate": "2027-06-08",
        "endDate": "2027-06-10",
        "eventStatus": "https://schema.org/EventScheduled",
        "location": {"@type": "Place", "name": "Palacio Euskalduna", "address": {"@type": "PostalAddress", "addressLocality": "Bilbao", "addressCountry": "ES"}},
    }
    before = event_page("Congreso Digital Bilbao", "congresodigitalbilbao.es", "es", "Congreso Digital Bilbao", hero="<h1>Congreso Digital Bilbao</h1><p>Edición 2027: fechas próximamente</p>", body=body_before, event=None, nav=nav, footer=footer, cookie="cookiebot")
    after = event_page("Congreso Digital Bilbao", "congresodigitalbilbao.es", "es", "Congreso Digital Bilbao 2027 · 8-10 de junio", hero="<h1>Congreso Digital Bilbao 2027</h1><p>8–10 de junio de 2027 · Bilbao</p>", body=body_after, event=event, nav=nav, footer=footer, cookie="cookiebot")
    return Case(
        "congreso-digital-bilbao-2027-fechas",
        "Avísame cuando se anuncien las fechas del Congreso Digital Bilbao 2027",
        "es",
        "event",
        False,
        False,
        "/",
        "«fechas próximamente» → «del 8 al 10 de junio de 2027» con BusinessEvent JSON-LD solo en AFTER; la convocatoria abre el 11 de enero",
        before,
        after,
        ["2027-06-08"],
    )


CASES = [
    tecnomarket,
    casahogar,
    runplanet,
    electrosur,
    juegamas,
    bloquesya,
    zapatolab,
    tejedora,
    pagoya,
    cita_dni,
    casa_marcial,
    licencia_obra,
    los_faros,
    congreso_bilbao,
]
