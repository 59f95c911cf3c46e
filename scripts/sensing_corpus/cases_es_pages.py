"""Páginas en español: versiones, incidencias, citas, avisos y eventos."""

from __future__ import annotations

from booking import Day, municipal_appointments, restaurant
from common import Case
from notices import event_page, town_notice
from releases import Post, project_blog
from status import Update, statuspage_incident


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
    tejedora,
    pagoya,
    cita_dni,
    casa_marcial,
    licencia_obra,
    los_faros,
    congreso_bilbao,
]
