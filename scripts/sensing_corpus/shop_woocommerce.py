"""A product page as WooCommerce on the Storefront theme renders it, with Yoast SEO's ``@graph``
and WooCommerce's own Product JSON-LD."""

from __future__ import annotations

from common import analytics, cookie_banner, esc, jsonld, money, plain
from shop_model import Product, Related, Site, State, schema_availability
from shop_shopify import _footer_columns
from shop_ui import ui_for


def _woo_amount(site: Site, amount: float) -> str:
    symbol = {"GBP": "&pound;", "USD": "&#36;", "EUR": "&euro;", "CHF": "CHF"}[site.currency]
    number = money(amount, site.locale, symbol=False)
    if site.lang in ("en",):
        return f'<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">{symbol}</span>{number}</bdi></span>'
    return f'<span class="woocommerce-Price-amount amount"><bdi>{number}&nbsp;<span class="woocommerce-Price-currencySymbol">{symbol}</span></bdi></span>'


def woocommerce(site: Site, p: Product, s: State, data: set[str]) -> str:
    ui = ui_for(site.locale)
    url = f"https://{site.domain}/product/{p.handle}/"
    sale = s.was is not None and s.was > s.price
    if sale and s.was:
        price = (
            f'<p class="price"><del aria-hidden="true">{_woo_amount(site, s.was)}</del> '
            f'<span class="screen-reader-text">Original price was: {money(s.was, site.locale)}.</span>'
            f'<ins aria-hidden="true">{_woo_amount(site, s.price)}</ins>'
            f'<span class="screen-reader-text">Current price is: {money(s.price, site.locale)}.</span></p>'
        )
    else:
        price = f'<p class="price">{_woo_amount(site, s.price)}</p>'
    if s.stock == "in":
        stock = f'<p class="stock in-stock">{ui["in_stock"]}</p>'
    elif s.stock.startswith("low:"):
        stock = f'<p class="stock in-stock">{s.stock[4:]} {ui["in_stock"].lower()}</p>'
    elif s.stock == "backorder":
        stock = '<p class="stock available-on-backorder">Available on backorder</p>'
    else:
        stock = f'<p class="stock out-of-stock">{ui["out_of_stock"]}</p>'
    form = ""
    if s.available or s.stock == "backorder":
        form = f"""<form class="cart" action="{url}" method="post" enctype='multipart/form-data'>
          <div class="quantity"><label class="screen-reader-text" for="quantity_6651">{esc(p.title)} {ui['qty'].lower()}</label><input type="number" id="quantity_6651" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" min="1" step="1" placeholder="" inputmode="numeric" autocomplete="off" /></div>
          <button type="submit" name="add-to-cart" value="6651" class="single_add_to_cart_button button alt">{ui['add']}</button>
        </form>"""
    else:
        form = f"""<div class="cwg_popup_submit_wrapper"><a href="#" class="cwg_popup_submit button alt" data-product_id="6651">{ui['notify']}</a><p class="cwg_notice">{ui['notify_email']}</p></div>"""
    notice = f'<div class="woocommerce-product-details__notice"><p>{s.notice}</p></div>' if s.notice else ""
    graph = {
        "@context": "https://schema.org",
        "@graph": [
            {
                "@type": ["WebPage", "ItemPage"],
                "@id": url,
                "url": url,
                "name": f"{p.title} - {site.name}",
                "isPartOf": {"@id": f"https://{site.domain}/#website"},
                "datePublished": "2025-02-11T10:22:41+00:00",
                "dateModified": "2026-10-30T08:14:02+00:00",
                "breadcrumb": {"@id": f"{url}#breadcrumb"},
                "inLanguage": site.locale,
            },
            {
                "@type": "BreadcrumbList",
                "@id": f"{url}#breadcrumb",
                "itemListElement": [
                    {"@type": "ListItem", "position": i + 1, "name": n, "item": f"https://{site.domain}/"}
                    for i, n in enumerate([ui["home"], *p.category])
                ]
                + [{"@type": "ListItem", "position": len(p.category) + 2, "name": p.title}],
            },
            {
                "@type": "WebSite",
                "@id": f"https://{site.domain}/#website",
                "url": f"https://{site.domain}/",
                "name": site.name,
                "publisher": {"@id": f"https://{site.domain}/#organization"},
                "potentialAction": [
                    {
                        "@type": "SearchAction",
                        "target": {"@type": "EntryPoint", "urlTemplate": f"https://{site.domain}/?s={{search_term_string}}"},
                        "query-input": {"@type": "PropertyValueSpecification", "valueRequired": True, "valueName": "search_term_string"},
                    }
                ],
            },
            {
                "@type": "Organization",
                "@id": f"https://{site.domain}/#organization",
                "name": site.name,
                "url": f"https://{site.domain}/",
                "logo": {"@type": "ImageObject", "url": f"https://{site.domain}/wp-content/uploads/2024/03/logo.png"},
            },
        ],
    }
    yoast = jsonld(graph, cls="yoast-schema-graph")
    product_ld = ""
    if "jsonld" in data:
        offer = {
            "@type": "Offer",
            "price": plain(s.price),
            "priceValidUntil": "2027-12-31",
            "priceSpecification": {
                "price": plain(s.price),
                "priceCurrency": site.currency,
                "valueAddedTaxIncluded": "true",
            },
            "priceCurrency": site.currency,
            "availability": schema_availability(s.stock),
            "url": url,
            "seller": {"@type": "Organization", "name": site.name, "url": f"https://{site.domain}"},
        }
        product = {
            "@context": "https://schema.org/",
            "@type": "Product",
            "@id": f"{url}#product",
            "name": p.title,
            "url": url,
            "description": " ".join(p.description)[:200],
            "image": f"https://{site.domain}/wp-content/uploads/2025/02/{p.img}",
            "sku": p.sku,
            "offers": [offer],
        }
        reviews = s.reviews_extra + p.reviews
        if reviews:
            product["aggregateRating"] = {"@type": "AggregateRating", "ratingValue": f"{p.rating:.2f}", "reviewCount": p.rating_count or len(reviews)}
            product["review"] = [
                {
                    "@type": "Review",
                    "reviewRating": {"@type": "Rating", "ratingValue": str(r.rating), "bestRating": "5", "worstRating": "1"},
                    "author": {"@type": "Person", "name": r.author},
                    "reviewBody": r.body,
                    "datePublished": r.iso,
                }
                for r in reviews[:5]
            ]
        product_ld = jsonld(product)
    reviews_html = _woo_reviews(p, s, ui)
    related = _woo_related(site, s.related_override if s.related_override is not None else p.related, ui)
    crumbs = " &#47; ".join([f'<a href="https://{site.domain}/">{ui["home"]}</a>'] + [f'<a href="https://{site.domain}/product-category/{esc(c.lower().replace(" ", "-"))}/">{esc(c)}</a>' for c in p.category] + [esc(p.title)])
    specs = "".join(
        f'<tr class="woocommerce-product-attributes-item"><th class="woocommerce-product-attributes-item__label" scope="row">{esc(k)}</th><td class="woocommerce-product-attributes-item__value"><p>{esc(v)}</p></td></tr>'
        for k, v in p.specs
    )
    desc = "".join(f"<p>{d}</p>" for d in p.description)
    og = ""
    if "og" in data:
        og = f"""
<meta property="product:price:amount" content="{plain(s.price)}" />
<meta property="product:price:currency" content="{site.currency}" />"""
    return f"""<!DOCTYPE html>
<html lang="{site.locale}">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="profile" href="http://gmpg.org/xfn/11">
<meta name='robots' content='index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1' />

	<!-- This site is optimized with the Yoast SEO plugin v23.7 - https://yoast.com/wordpress/plugins/seo/ -->
	<title>{esc(p.title)} - {esc(site.name)}</title>
	<link rel="canonical" href="{url}" />
	<meta property="og:locale" content="{site.locale.replace('-', '_')}" />
	<meta property="og:type" content="article" />
	<meta property="og:title" content="{esc(p.title)} - {esc(site.name)}" />
	<meta property="og:description" content="{esc(' '.join(p.description)[:150])}" />
	<meta property="og:url" content="{url}" />
	<meta property="og:site_name" content="{esc(site.name)}" />
	<meta property="article:modified_time" content="2026-10-30T08:14:02+00:00" />
	<meta property="og:image" content="https://{site.domain}/wp-content/uploads/2025/02/{p.img}" />
	<meta name="twitter:card" content="summary_large_image" />{og}
	{yoast}
	<!-- / Yoast SEO plugin. -->

<link rel='dns-prefetch' href='//fonts.googleapis.com' />
<link rel="alternate" type="application/rss+xml" title="{esc(site.name)} &raquo; Feed" href="https://{site.domain}/feed/" />
<link rel='stylesheet' id='wp-block-library-css' href='https://{site.domain}/wp-includes/css/dist/block-library/style.min.css?ver=6.6.2' media='all' />
<link rel='stylesheet' id='storefront-style-css' href='https://{site.domain}/wp-content/themes/storefront/style.css?ver=4.6.0' media='all' />
<link rel='stylesheet' id='storefront-woocommerce-style-css' href='https://{site.domain}/wp-content/themes/storefront/assets/css/woocommerce/woocommerce.css?ver=4.6.0' media='all' />
<script src="https://{site.domain}/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
<script id="wc-add-to-cart-js-extra">
var wc_add_to_cart_params = {{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","i18n_view_cart":"View basket","cart_url":"https:\\/\\/{site.domain}\\/basket\\/","is_cart":"","cart_redirect_after_add":"no"}};
</script>
<meta name="generator" content="WordPress 6.6.2" />
<meta name="generator" content="WooCommerce 9.4.2" />
	<noscript><style>.woocommerce-product-gallery{{ opacity: 1 !important; }}</style></noscript>
{analytics(site.gid)}
</head>

<body class="product-template-default single single-product postid-6651 wp-custom-logo wp-embed-responsive theme-storefront woocommerce woocommerce-page woocommerce-no-js storefront-align-wide right-sidebar woocommerce-active">

<div id="page" class="hfeed site">
	<header id="masthead" class="site-header" role="banner" style="">
		<div class="col-full">
		<a class="skip-link screen-reader-text" href="#site-navigation">Skip to navigation</a>
		<a class="skip-link screen-reader-text" href="#content">{ui['skip']}</a>
		<div class="site-branding"><a href="https://{site.domain}/" class="custom-logo-link" rel="home"><img width="470" height="110" src="https://{site.domain}/wp-content/uploads/2024/03/logo.png" class="custom-logo" alt="{esc(site.name)}" decoding="async" /></a></div>
		<div class="site-search"><div class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="https://{site.domain}/"><label class="screen-reader-text" for="woocommerce-product-search-field-0">{ui['search']}:</label><input type="search" id="woocommerce-product-search-field-0" class="search-field" placeholder="{ui['search_ph']}" value="" name="s" /><button type="submit" value="{ui['search']}" class="">{ui['search']}</button><input type="hidden" name="post_type" value="product" /></form></div></div>
		</div>
		<div class="storefront-primary-navigation"><div class="col-full">
		<nav id="site-navigation" class="main-navigation" role="navigation" aria-label="Primary Navigation">
		<button id="site-navigation-menu-toggle" class="menu-toggle" aria-controls="site-navigation" aria-expanded="false"><span>{ui['menu']}</span></button>
			<div class="primary-navigation"><ul id="menu-main" class="menu">{''.join(f'<li class="menu-item menu-item-type-taxonomy menu-item-object-product_cat"><a href="https://{site.domain}/product-category/{esc(n.lower().replace(" ", "-"))}/">{esc(n)}</a></li>' for n in site.nav)}</ul></div>
		</nav>
		<ul id="site-header-cart" class="site-header-cart menu"><li class=""><a class="cart-contents" href="https://{site.domain}/basket/" title="View your shopping basket"><span class="woocommerce-Price-amount amount">{money(0, site.locale)}</span> <span class="count">0 items</span></a></li></ul>
		</div></div>
	</header><!-- #masthead -->
	<div class="storefront-handheld-footer-bar"></div>
	<div class="header-widget-region" role="complementary"><div class="col-full"><div class="widget widget_text"><div class="textwidget"><p>{esc(s.promo if s.promo is not None else site.promo)}</p></div></div></div></div>

	<div id="content" class="site-content" tabindex="-1">
		<div class="col-full">
		<div class="woocommerce"></div>
		<div id="primary" class="content-area">
			<main id="main" class="site-main" role="main">
				<nav class="woocommerce-breadcrumb" aria-label="Breadcrumb">{crumbs}</nav>
				<div class="woocommerce-notices-wrapper"></div>
				<div id="product-6651" class="product type-product post-6651 status-publish first {'instock' if s.available else 'outofstock'} product_cat-{esc(p.category[-1].lower().replace(' ', '-'))} has-post-thumbnail {'sale ' if sale else ''}shipping-taxable purchasable product-type-simple">
	{'<span class="onsale">' + ui['sale'] + '!</span>' if sale else ''}
	<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;">
		<div class="woocommerce-product-gallery__wrapper"><div data-thumb="https://{site.domain}/wp-content/uploads/2025/02/{p.img}" class="woocommerce-product-gallery__image"><a href="https://{site.domain}/wp-content/uploads/2025/02/{p.img}"><img width="600" height="600" src="https://{site.domain}/wp-content/uploads/2025/02/{p.img}" class="wp-post-image" alt="{esc(p.title)}" decoding="async" /></a></div></div>
	</div>
	<div class="summary entry-summary">
		<h1 class="product_title entry-title">{esc(p.title)}</h1>
		<div class="woocommerce-product-rating"><div class="star-rating" role="img" aria-label="Rated {p.rating:.2f} out of 5"><span style="width:{p.rating * 20:.0f}%">Rated <strong class="rating">{p.rating:.2f}</strong> out of 5</span></div><a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">{p.rating_count or len(p.reviews)}</span> customer reviews)</a></div>
		{price}
		<div class="woocommerce-product-details__short-description"><p>{p.description[0]}</p></div>
		{notice}
		{stock}
		{form}
		{s.extra}
		<div class="product_meta">
			<span class="sku_wrapper">{ui['sku']}: <span class="sku">{esc(p.sku)}</span></span>
			<span class="posted_in">Category: <a href="https://{site.domain}/product-category/{esc(p.category[-1].lower().replace(' ', '-'))}/" rel="tag">{esc(p.category[-1])}</a></span>
		</div>
	</div>
	<div class="woocommerce-tabs wc-tabs-wrapper">
		<ul class="tabs wc-tabs" role="tablist">
			<li class="description_tab" id="tab-title-description" role="tab" aria-controls="tab-description"><a href="#tab-description">{ui['description']}</a></li>
			<li class="additional_information_tab" id="tab-title-additional_information" role="tab" aria-controls="tab-additional_information"><a href="#tab-additional_information">Additional information</a></li>
			<li class="reviews_tab" id="tab-title-reviews" role="tab" aria-controls="tab-reviews"><a href="#tab-reviews">{ui['reviews']} ({len(s.reviews_extra + p.reviews)})</a></li>
		</ul>
		<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description">
			<h2>{ui['description']}</h2>
			{desc}
		</div>
		<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information">
			<h2>Additional information</h2>
			<table class="woocommerce-product-attributes shop_attributes" aria-label="Product Details">{specs}</table>
		</div>
		{reviews_html}
	</div>
	{p.extra}
	{related}
				</div>
			</main><!-- #main -->
		</div><!-- #primary -->
		</div><!-- .col-full -->
	</div><!-- #content -->

	<footer id="colophon" class="site-footer" role="contentinfo">
		<div class="col-full">
			<div class="footer-widgets row-1 col-4 fix">{_footer_columns(site)}</div>
			<div class="site-info">&copy; {esc(site.name)} 2026 {esc(site.legal)}<br /><a class="privacy-policy-link" href="https://{site.domain}/privacy-policy/" rel="privacy-policy">Privacy Policy</a></div>
		</div>
	</footer><!-- #colophon -->
</div><!-- #page -->
{cookie_banner(site.cookie, site.lang, site.name)}
{product_ld}
<script type="text/javascript">
	(function () {{
		var c = document.body.className;
		c = c.replace(/woocommerce-no-js/, 'woocommerce-js');
		document.body.className = c;
	}})();
</script>
<script src="https://{site.domain}/wp-content/plugins/woocommerce/assets/js/frontend/add-to-cart.min.js?ver=9.4.2" id="wc-add-to-cart-js" defer data-wp-strategy="defer"></script>
<script src="https://{site.domain}/wp-content/plugins/woocommerce/assets/js/frontend/single-product.min.js?ver=9.4.2" id="wc-single-product-js" defer data-wp-strategy="defer"></script>
</body>
</html>
"""


def _woo_reviews(p: Product, s: State, ui: dict[str, str]) -> str:
    reviews = s.reviews_extra + p.reviews
    items = "".join(
        f"""<li class="review byuser comment-author-{esc(r.author.lower().split()[0])} even thread-even depth-1" id="li-comment-{900 + i}">
				<div id="comment-{900 + i}" class="comment_container">
					<img alt='' src='https://secure.gravatar.com/avatar/{i:032x}?s=60&#038;d=mm&#038;r=g' class='avatar avatar-60 photo' height='60' width='60' loading='lazy' decoding='async'/>
					<div class="comment-text">
						<div class="star-rating" role="img" aria-label="Rated {r.rating} out of 5"><span style="width:{r.rating * 20}%">Rated <strong class="rating">{r.rating}</strong> out of 5</span></div>
						<p class="meta"><strong class="woocommerce-review__author">{esc(r.author)} </strong><em class="woocommerce-review__verified verified">({ui['verified'].lower()})</em> <span class="woocommerce-review__dash">&ndash;</span> <time class="woocommerce-review__published-date" datetime="{r.iso}T09:14:00+00:00">{esc(r.date)}</time></p>
						<div class="description"><p><strong>{esc(r.title)}</strong> {esc(r.body)}</p></div>
					</div>
				</div>
			</li>"""
        for i, r in enumerate(reviews)
    )
    return f"""<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews">
			<div id="reviews" class="woocommerce-Reviews">
				<div id="comments"><h2 class="woocommerce-Reviews-title">{len(reviews)} reviews for <span>{esc(p.title)}</span></h2>
					<ol class="commentlist">{items}</ol>
				</div>
				<div id="review_form_wrapper"><div id="review_form"><div id="respond" class="comment-respond"><span id="reply-title" class="comment-reply-title">Add a review</span><p class="must-log-in">You must be <a href="https://www.example.org/my-account/">logged in</a> to post a review.</p></div></div></div>
				<div class="clear"></div>
			</div>
		</div>"""


def _woo_related(site: Site, related: list[Related], ui: dict[str, str]) -> str:
    if not related:
        return ""
    items = []
    for i, r in enumerate(related):
        handle = r.handle or r.name.lower().replace(" ", "-")
        price = (
            f'<del aria-hidden="true">{_woo_amount(site, r.was)}</del> <ins aria-hidden="true">{_woo_amount(site, r.price)}</ins>'
            if r.was
            else _woo_amount(site, r.price)
        )
        sale = f'<span class="onsale">{ui["sale"]}!</span>' if r.was else ""
        items.append(
            f"""<li class="product type-product post-{7000 + i} status-publish instock has-post-thumbnail shipping-taxable purchasable product-type-simple">
	<a href="https://{site.domain}/product/{handle}/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><img width="324" height="324" src="https://{site.domain}/wp-content/uploads/2025/01/{handle}-324x324.jpg" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="{esc(r.name)}" decoding="async" loading="lazy" />{sale}<h2 class="woocommerce-loop-product__title">{esc(r.name)}</h2><span class="price">{price}</span></a><a href="?add-to-cart={7000 + i}" aria-describedby="woocommerce_loop_add_to_cart_link_describedby_{7000 + i}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="{7000 + i}" rel="nofollow">{ui['add']}</a></li>"""
        )
    return f"""<section class="related products">
					<h2>{ui['related']}</h2>
				<ul class="products columns-4">
{''.join(items)}
			</ul>
	</section>"""
