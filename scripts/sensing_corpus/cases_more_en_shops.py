"""More English cases, shops and fares: a Shopify shop on the Impulse theme, a marketplace with
third-party sellers, a supermarket with unit prices, an airline's fare calendar and a ticket
seller's event page."""

from __future__ import annotations

import json

from common import Case, analytics, cookie_banner, jsonld
from marketplace import Listing, Seller, marketplace_page

# -- Brewline: Shopify, Impulse theme --------------------------------------------------------


def brewline() -> Case:
    def page(price: float, compare: float | None, reviews_extra: str) -> str:
        cents = round(price * 100)
        on_sale = compare is not None
        price_html = (
            f'<span class="visually-hidden">Regular price</span><span class="product__price product__price--compare">${compare:,.2f}</span>'
            f'<span class="product__price on-sale" data-product-price>${price:,.2f}</span>'
            f'<div class="product__price-savings" data-save-price>Save ${compare - price:,.2f}</div>'
            if on_sale
            else f'<span class="product__price" data-product-price>${price:,.2f}</span>'
        )
        variants = [
            {"id": 44817263018123, "title": "Matte Black", "sku": "FEL-ODE2-BLK", "price": cents, "compare_at_price": int(compare * 100) if compare else None, "available": True},
            {"id": 44817263050891, "title": "Matte White", "sku": "FEL-ODE2-WHT", "price": cents, "compare_at_price": int(compare * 100) if compare else None, "available": True},
        ]
        meta = {"product": {"id": 8123456789012, "gid": "gid://shopify/Product/8123456789012", "vendor": "Fellow", "type": "Grinders", "variants": [{"id": v["id"], "price": v["price"], "name": f"Fellow Ode Brew Grinder Gen 2 - {v['title']}", "public_title": v["title"], "sku": v["sku"]} for v in variants]}, "page": {"pageType": "product", "resourceType": "product", "resourceId": 8123456789012}}
        product_ld = {
            "@context": "http://schema.org/",
            "@type": "Product",
            "name": "Fellow Ode Brew Grinder Gen 2",
            "url": "https://brewline.co/products/fellow-ode-brew-grinder-gen-2",
            "image": ["https://brewline.co/cdn/shop/files/ode-gen2-black.jpg?v=1731012255&width=1920"],
            "description": "The Ode Gen 2 is a flat burr grinder built for brewed coffee: 31 settings, 64mm stainless burrs and a single-dose load bin.",
            "sku": "FEL-ODE2-BLK",
            "brand": {"@type": "Brand", "name": "Fellow"},
            "offers": [
                {"@type": "Offer", "sku": v["sku"], "availability": "http://schema.org/InStock", "price": f"{price:.2f}", "priceCurrency": "USD", "url": f"https://brewline.co/products/fellow-ode-brew-grinder-gen-2?variant={v['id']}"}
                for v in variants
            ],
        }
        return f"""<!doctype html>
<html class="no-js" lang="en" dir="ltr">
<head>
  <meta charset="utf-8">
  <meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <meta name="theme-color" content="#1f1a17">
  <link rel="canonical" href="https://brewline.co/products/fellow-ode-brew-grinder-gen-2">
  <link rel="preconnect" href="https://cdn.shopify.com" crossorigin>
  <link rel="shortcut icon" href="//brewline.co/cdn/shop/files/favicon_32x32.png?v=1698412210" type="image/png" />
  <title>Fellow Ode Brew Grinder Gen 2 &ndash; Brewline Coffee Supply</title>
  <meta name="description" content="The Ode Gen 2 is a flat burr grinder built for brewed coffee: 31 settings, 64mm stainless burrs and a single-dose load bin.">
  <meta property="og:site_name" content="Brewline Coffee Supply">
  <meta property="og:url" content="https://brewline.co/products/fellow-ode-brew-grinder-gen-2">
  <meta property="og:title" content="Fellow Ode Brew Grinder Gen 2">
  <meta property="og:type" content="product">
  <meta property="og:description" content="The Ode Gen 2 is a flat burr grinder built for brewed coffee.">
  <meta property="og:image" content="http://brewline.co/cdn/shop/files/ode-gen2-black.jpg?v=1731012255">
  <meta name="twitter:card" content="summary_large_image">
  <style data-shopify>
    :root {{ --typeHeaderPrimary: 'Archivo'; --typeBasePrimary: 'Archivo'; --colorBtnPrimary: #1f1a17; --colorSalePrice: #b5462f; }}
  </style>
  <link href="//brewline.co/cdn/shop/t/14/assets/theme.css?v=11206482947219018211731012203" rel="stylesheet" type="text/css" media="all" />
  <script>
    document.documentElement.className = document.documentElement.className.replace('no-js', 'js');
    window.theme = window.theme || {{}};
    theme.routes = {{ home: "/", cart: "/cart.js", cartPage: "/cart", cartAdd: "/cart/add.js", cartChange: "/cart/change.js", search: "/search" }};
    theme.strings = {{ soldOut: "Sold Out", unavailable: "Unavailable", inStockLabel: "In stock, ready to ship", oneStockLabel: "Low stock - [count] item left", otherStockLabel: "Low stock - [count] items left", willNotShipUntil: "Ready to ship [date]", willBeInStockAfter: "Back in stock [date]", waitingForStock: "Inventory on the way", savePrice: "Save [saved_amount]", cartEmpty: "Your cart is currently empty.", cartTermsConfirmation: "You must agree with the terms and conditions of sales to check out", searchCollections: "Collections:", searchPages: "Pages:", searchArticles: "Articles:" }};
    theme.settings = {{ cartType: "drawer", isCustomerTemplate: false, moneyFormat: "${{{{amount}}}}", saveType: "dollar", productImageSize: "square", productImageCover: false, predictiveSearch: true, predictiveSearchType: "product,article,page", quickView: true, themeName: 'Impulse', themeVersion: "7.5.2" }};
  </script>
  <script>window.ShopifyAnalytics = window.ShopifyAnalytics || {{}};
window.ShopifyAnalytics.meta = window.ShopifyAnalytics.meta || {{}};
window.ShopifyAnalytics.meta.currency = 'USD';
var meta = {json.dumps(meta)};
for (var attr in meta) {{ window.ShopifyAnalytics.meta[attr] = meta[attr]; }}</script>
  {analytics("BRW8L1N3Q2")}
</head>
<body class="template-product" data-center-text="true" data-button_style="square" data-type_header_capitalize="true" data-type_headers_align_text="true" data-type_product_capitalize="true" data-swatch_style="round">
  <a class="in-page-link visually-hidden skip-link" href="#MainContent">Skip to content</a>
  <div id="PageContainer" class="page-container">
    <div class="transition-body">
      <div id="shopify-section-announcement" class="shopify-section"><div class="announcement-bar"><div class="page-width"><div class="slideshow-wrapper"><div class="announcement-slider" data-block-count="2"><div class="announcement-slider__slide" data-index="0"><span class="announcement-text">Free shipping on US orders over $75</span></div><div class="announcement-slider__slide" data-index="1"><span class="announcement-text">Grinder trade-in: up to $50 credit</span><span class="announcement-link-text">Learn more</span></div></div></div></div></div></div>
      <div id="shopify-section-header" class="shopify-section"><div class="header-sticky-wrapper"><div id="HeaderWrapper" class="header-wrapper"><header id="SiteHeader" class="site-header" data-sticky="true" data-overlay="false"><div class="page-width"><div class="header-layout header-layout--left-center"><div class="header-item header-item--logo"><h1 class="site-header__logo" itemscope itemtype="http://schema.org/Organization"><a href="/" itemprop="url" class="site-header__logo-link"><img class="small--hide" src="//brewline.co/cdn/shop/files/brewline-logo.png?v=1698412210&amp;width=200" alt="Brewline Coffee Supply" itemprop="logo" width="200" height="48"></a></h1></div><div class="header-item header-item--navigation text-center"><ul class="site-nav site-navigation small--hide" role="navigation"><li class="site-nav__item"><a href="/collections/espresso-machines" class="site-nav__link">Espresso</a></li><li class="site-nav__item"><a href="/collections/grinders" class="site-nav__link site-nav__link--underline">Grinders</a></li><li class="site-nav__item"><a href="/collections/brewers" class="site-nav__link">Brewers &amp; Kettles</a></li><li class="site-nav__item"><a href="/collections/coffee" class="site-nav__link">Coffee</a></li><li class="site-nav__item"><a href="/collections/sale" class="site-nav__link">Sale</a></li><li class="site-nav__item"><a href="/pages/guides" class="site-nav__link">Brew Guides</a></li></ul></div><div class="header-item header-item--icons"><div class="site-nav"><div class="site-nav__icons"><a href="/account" class="site-nav__link site-nav__link--icon small--hide"><span class="icon__fallback-text">Log in</span></a><a href="/search" class="site-nav__link site-nav__link--icon js-search-header"><span class="icon__fallback-text">Search</span></a><a href="/cart" class="site-nav__link site-nav__link--icon js-drawer-open-cart" aria-controls="CartDrawer" data-icon="bag"><span class="icon__fallback-text">Cart</span><span class="cart-link__bubble"></span></a></div></div></div></div></div></header></div></div></div>
      <main class="main-content" id="MainContent">
        <div id="shopify-section-template--16011412013195__main" class="shopify-section">
          <div id="ProductSection-template--16011412013195__main-8123456789012" class="product-section" data-section-id="template--16011412013195__main" data-product-id="8123456789012" data-section-type="product" data-history="true" data-modal="false">
            <script type="application/ld+json">{json.dumps(product_ld)}</script>
            <div class="page-content page-content--product">
              <div class="page-width">
                <nav class="breadcrumb" role="navigation" aria-label="breadcrumbs"><a href="/" title="Back to the frontpage">Home</a><span class="breadcrumb__divider" aria-hidden="true">/</span><a href="/collections/grinders" title="Grinders">Grinders</a><span class="breadcrumb__divider" aria-hidden="true">/</span><span>Fellow Ode Brew Grinder Gen 2</span></nav>
                <div class="grid grid--product-images--partial">
                  <div class="grid__item medium-up--one-half product-single__sticky"><div data-product-images data-zoom="true" data-has-slideshow="true"><div class="product__photos product__photos-template--16011412013195__main product__photos--beside"><div class="product__main-photos" data-aos data-product-single-media-group><div data-product-photos data-zoom="true" class="product-slideshow" id="ProductPhotos-template--16011412013195__main"><div class="product-main-slide starting-slide" data-index="0"><div data-product-image-main class="product-image-main"><div class="image-wrap" style="height: 0; padding-bottom: 100%;"><img class="photoswipe__image" src="//brewline.co/cdn/shop/files/ode-gen2-black.jpg?v=1731012255&amp;width=1080" alt="Fellow Ode Brew Grinder Gen 2 in Matte Black" width="1080" height="1080"></div></div></div></div></div></div></div></div>
                  <div class="grid__item medium-up--one-half">
                    <div class="product-single__meta">
                      <div class="product-block product-block--header"><div class="product-single__vendor"><a href="/collections/vendors?q=Fellow" title="Fellow">Fellow</a></div><h1 class="h2 product-single__title">Fellow Ode Brew Grinder Gen 2</h1><p data-sku class="product-single__sku"><span class="variant-sku">FEL-ODE2-BLK</span></p></div>
                      <div data-product-blocks>
                        <div class="product-block product-block--price" data-dynamic-variant-price>
                          <label class="variant__label" for="ProductPrice-template--16011412013195__main">Price</label>
                          <span id="PriceA11y-template--16011412013195__main" class="visually-hidden" aria-hidden="true">Regular price</span>
                          {price_html}
                          <div class="product__policies rte small--text-center">Shipping calculated at checkout.</div>
                        </div>
                        <div class="product-block"><shopify-payment-terms variant-id="44817263018123" shopify-meta='{{"type":"product","currency_code":"USD","country_code":"US","variants":[{{"id":44817263018123,"price_per_term":"${price / 4:,.2f}","full_price":"${price:,.2f}","eligible":true,"available":true,"number_of_payment_terms":4}}],"min_price":"$35.00","max_price":"$30,000.00","financing_plans":[]}}'>Pay in 4 interest-free installments of <b>${price / 4:,.2f}</b> with <span class="shop-pay-logo">Shop Pay</span> <a href="#">Learn more</a></shopify-payment-terms></div>
                        <div class="product-block" data-dynamic-variant-color><div class="variant-wrapper variant-wrapper--button js"><label class="variant__label">Color <span class="variant__label-info">&mdash; <span data-variant-color-label>Matte Black</span></span></label><fieldset class="variant-input-wrap" name="Color" data-index="option1"><legend class="hide">Color</legend><div class="variant-input" data-index="option1" data-value="Matte Black"><input type="radio" form="AddToCartForm-template--16011412013195__main" checked="checked" value="Matte Black" data-index="option1" name="Color" class="variant__input" id="ProductSelect-option-color-matte-black"><label for="ProductSelect-option-color-matte-black" class="variant__button-label color-swatch color-swatch--matte-black">Matte Black</label></div><div class="variant-input" data-index="option1" data-value="Matte White"><input type="radio" form="AddToCartForm-template--16011412013195__main" value="Matte White" data-index="option1" name="Color" class="variant__input" id="ProductSelect-option-color-matte-white"><label for="ProductSelect-option-color-matte-white" class="variant__button-label color-swatch color-swatch--matte-white">Matte White</label></div></fieldset></div></div>
                        <div class="product-block"><div class="product-block--sales-point"><ul class="sales-points"><li class="sales-point"><span class="icon-and-text"><span>In stock, ready to ship</span></span></li><li class="sales-point"><span class="icon-and-text"><span>Free shipping on US orders over $75</span></span></li><li class="sales-point"><span class="icon-and-text"><span>2-year Fellow warranty</span></span></li></ul></div></div>
                        <div class="product-block"><form method="post" action="/cart/add" id="AddToCartForm-template--16011412013195__main" accept-charset="UTF-8" class="product-single__form" enctype="multipart/form-data"><input type="hidden" name="form_type" value="product" /><input type="hidden" name="utf8" value="✓" /><div class="product__quantity"><label for="Quantity-template--16011412013195__main">Quantity</label><div class="js-qty__wrapper"><input type="text" id="Quantity-template--16011412013195__main" class="js-qty__num" value="1" min="1" aria-label="quantity" pattern="[0-9]*" name="quantity"></div></div><button type="submit" name="add" data-add-to-cart class="btn btn--full add-to-cart"><span data-add-to-cart-text data-default-text="Add to cart">Add to cart</span></button><div data-shopify="payment-button" class="shopify-payment-button"><button class="shopify-payment-button__button shopify-payment-button__button--unbranded">Buy it now</button></div><select name="id" id="ProductSelect-template--16011412013195__main" class="product-single__variants no-js">{"".join(f'<option value="{v["id"]}"{" selected" if i == 0 else ""}>{v["title"]} - ${price:,.2f} USD</option>' for i, v in enumerate(variants))}</select></form></div>
                        <div class="product-block"><div class="rte"><p>The Ode Gen 2 is Fellow’s second take on a brew grinder. New 64mm Gen 2 brew burrs cut a more uniform grind, 31 settings (with 11 more in between) cover everything from AeroPress to cold brew, and the anti-static technology keeps grounds from clinging to the catch.</p><p>It is not an espresso grinder: the finest setting is suited to pour-over and AeroPress. For espresso, see the <a href="/products/fellow-opus-conical-burr-grinder">Opus</a>.</p></div></div>
                        <div class="product-block product-block--tab"><button type="button" class="collapsible-trigger collapsible-trigger-btn collapsible--auto-height" aria-controls="Product-content-specs">Specs</button><div id="Product-content-specs" class="collapsible-content collapsible-content--all"><div class="collapsible-content__inner rte"><table><tbody><tr><td>Burrs</td><td>64mm flat, stainless steel</td></tr><tr><td>Settings</td><td>31 (+ 11 half steps)</td></tr><tr><td>Capacity</td><td>80g single-dose load bin</td></tr><tr><td>Motor</td><td>100W, 1,400 RPM</td></tr><tr><td>Dimensions</td><td>9.5" H × 4.2" W × 9.5" D</td></tr></tbody></table></div></div></div>
                        <div class="product-block product-block--tab"><button type="button" class="collapsible-trigger collapsible-trigger-btn" aria-controls="Product-content-shipping">Shipping &amp; returns</button><div id="Product-content-shipping" class="collapsible-content"><div class="collapsible-content__inner rte"><p>Orders placed by 1pm PT ship the same business day. Returns accepted within 30 days on unused grinders in their original packaging.</p></div></div></div>
                      </div>
                    </div>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </div>
        <div id="shopify-section-template--16011412013195__reviews" class="shopify-section"><div class="page-width"><div id="judgeme_product_reviews" class="jdgm-widget jdgm-review-widget jdgm--done-setup-widget" data-product-title="Fellow Ode Brew Grinder Gen 2" data-id="8123456789012"><div class="jdgm-rev-widg" data-average-rating="4.72" data-number-of-reviews="58"><div class="jdgm-rev-widg__header"><h2 class="jdgm-rev-widg__title">Customer Reviews</h2><div class="jdgm-rev-widg__summary"><div class="jdgm-rev-widg__summary-stars" aria-label="Average rating is 4.72 stars"></div><div class="jdgm-rev-widg__summary-text">Based on 58 reviews</div></div></div><div class="jdgm-rev-widg__body"><div class="jdgm-rev-widg__reviews">{reviews_extra}<div class="jdgm-rev jdgm-divider-top" data-verified-buyer="true"><div class="jdgm-rev__header"><span class="jdgm-rev__rating" data-score="5"></span><span class="jdgm-rev__timestamp" data-content="2026-11-30 14:12:08 UTC">11/30/2026</span><div class="jdgm-rev__br"></div><span class="jdgm-rev__author">Marcus T.</span> <span class="jdgm-rev__buyer-badge">Verified Buyer</span></div><div class="jdgm-rev__content"><b class="jdgm-rev__title">Huge step up from my Baratza</b><div class="jdgm-rev__body"><p>Grabbed mine for $279 in last year’s Black Friday sale and it was worth every cent. Pour-overs are sweeter and the retention is basically zero.</p></div></div></div><div class="jdgm-rev jdgm-divider-top" data-verified-buyer="true"><div class="jdgm-rev__header"><span class="jdgm-rev__rating" data-score="4"></span><span class="jdgm-rev__timestamp" data-content="2026-10-18 09:40:51 UTC">10/18/2026</span><div class="jdgm-rev__br"></div><span class="jdgm-rev__author">Priya S.</span> <span class="jdgm-rev__buyer-badge">Verified Buyer</span></div><div class="jdgm-rev__content"><b class="jdgm-rev__title">Great for filter, loud-ish</b><div class="jdgm-rev__body"><p>Consistent grind, lovely design. A bit louder than I expected at the coarse end.</p></div></div></div></div></div></div></div></div></div>
        <div id="shopify-section-template--16011412013195__recommendations" class="shopify-section"><div class="page-width"><div class="product-recommendations" data-section-type="product-recommendations"><header class="section-header"><h3 class="section-header__title">You may also like</h3></header><div class="grid grid--uniform" data-aos="overflow__animation"><div class="grid__item grid-product small--one-half medium-up--one-quarter"><div class="grid-product__content"><a href="/products/fellow-opus-conical-burr-grinder" class="grid-product__link"><div class="grid-product__meta"><div class="grid-product__title">Fellow Opus Conical Burr Grinder</div><div class="grid-product__vendor">Fellow</div><div class="grid-product__price">$195.00</div></div></a></div></div><div class="grid__item grid-product small--one-half medium-up--one-quarter"><div class="grid-product__content"><a href="/products/baratza-encore-esp" class="grid-product__link"><div class="grid-product__meta"><div class="grid-product__title">Baratza Encore ESP</div><div class="grid-product__vendor">Baratza</div><div class="grid-product__price">$199.95</div></div></a></div></div><div class="grid__item grid-product small--one-half medium-up--one-quarter"><div class="grid-product__content"><a href="/products/fellow-stagg-ekg-pro" class="grid-product__link"><div class="grid-product__meta"><div class="grid-product__title">Fellow Stagg EKG Pro Electric Kettle</div><div class="grid-product__vendor">Fellow</div><div class="grid-product__price">$195.00</div></div></a></div></div><div class="grid__item grid-product small--one-half medium-up--one-quarter"><div class="grid-product__content"><a href="/products/ode-gen-2-ssp-burr-upgrade" class="grid-product__link"><div class="grid-product__meta"><div class="grid-product__title">SSP Multi-Purpose Burrs for Ode Gen 2</div><div class="grid-product__vendor">SSP</div><div class="grid-product__price">$179.00</div></div></a></div></div></div></div></div></div>
      </main>
      <div id="shopify-section-footer" class="shopify-section"><footer class="site-footer" data-section-id="footer" data-section-type="footer-section"><div class="page-width"><div class="grid"><div class="grid__item footer__item--footer-1"><p class="h4 footer__title">Shop</p><ul class="no-bullets site-footer__linklist"><li><a href="/collections/espresso-machines">Espresso machines</a></li><li><a href="/collections/grinders">Grinders</a></li><li><a href="/collections/coffee">Coffee subscriptions</a></li></ul></div><div class="grid__item footer__item--footer-2"><p class="h4 footer__title">Help</p><ul class="no-bullets site-footer__linklist"><li><a href="/pages/shipping">Shipping</a></li><li><a href="/pages/returns">Returns</a></li><li><a href="/pages/warranty">Warranty &amp; repairs</a></li><li><a href="/pages/contact">Contact us</a></li></ul></div><div class="grid__item footer__item--footer-3"><p class="h4 footer__title">Sign up and save</p><div class="footer__newsletter"><p>Brew guides, new roasts and early access to sales.</p><form method="post" action="/contact#newsletter-footer" id="newsletter-footer" accept-charset="UTF-8" class="contact-form"><input type="email" name="contact[email]" placeholder="Enter your email" aria-label="Enter your email" autocorrect="off" autocapitalize="off"><button type="submit" class="footer__newsletter-btn" name="commit">Subscribe</button></form></div></div></div><div class="footer__small-text">&copy; 2027, <a href="/" title="">Brewline Coffee Supply</a>, Portland, Oregon</div><div class="footer__small-text"><a target="_blank" rel="nofollow" href="https://www.shopify.com?utm_campaign=poweredby&amp;utm_medium=shopify&amp;utm_source=onlinestore">Powered by Shopify</a></div></div></footer></div>
    </div>
  </div>
  {cookie_banner("cookieyes", "en", "Brewline Coffee Supply")}
  <script type="application/json" id="ProductJson-template--16011412013195__main">{json.dumps({"id": 8123456789012, "title": "Fellow Ode Brew Grinder Gen 2", "handle": "fellow-ode-brew-grinder-gen-2", "vendor": "Fellow", "price": cents, "compare_at_price": int(compare * 100) if compare else None, "available": True, "variants": variants})}</script>
</body>
</html>
"""

    new_review = """<div class="jdgm-rev jdgm-divider-top" data-verified-buyer="true"><div class="jdgm-rev__header"><span class="jdgm-rev__rating" data-score="5"></span><span class="jdgm-rev__timestamp" data-content="2027-01-12 19:02:33 UTC">01/12/2027</span><div class="jdgm-rev__br"></div><span class="jdgm-rev__author">Dana W.</span> <span class="jdgm-rev__buyer-badge">Verified Buyer</span></div><div class="jdgm-rev__content"><b class="jdgm-rev__title">Paid full price, no regrets</b><div class="jdgm-rev__body"><p>Bought it at $345 before Christmas. Dialled in within a day.</p></div></div></div>"""
    before = page(345.00, None, "")
    after = page(289.00, 345.00, new_review)
    return Case(
        "brewline-fellow-ode-gen-2-under-300",
        "Ping me if the Fellow Ode Gen 2 grinder goes under $300 at Brewline",
        "en",
        "price",
        False,
        True,
        "/products/fellow-ode-brew-grinder-gen-2",
        "Shopify on the Impulse theme: $345.00 → $289.00 (compare-at $345.00, 'Save $56.00'); JSON-LD offers per colour; a review remembers $279 on both pages, related grinders at $195.00 and $199.95; Shop Pay instalments and the analytics meta in cents",
        before,
        after,
        ["289.00"],
    )


# -- MarketMile: a marketplace whose own offer is the subject ------------------------------


def marketmile() -> Case:
    listing = Listing(
        site="MarketMile",
        domain="www.marketmile.co.uk",
        locale="en-GB",
        title="Anker 737 Power Bank (PowerCore 24K), 24,000mAh 3-Port Portable Charger with 140W Output, Smart Digital Display, for iPhone 16, MacBook, Samsung Galaxy",
        brand="Anker",
        asin="B09VPHVT2Z",
        path="/Anker-PowerCore-Portable-Charger-Display/dp/B09VPHVT2Z",
        rating="4.6",
        ratings="18,412",
        bullets=[
            "Powerful charging: 140W output charges a 16-inch MacBook Pro to 50% in 47 minutes.",
            "Smart digital display shows remaining capacity, input and output power, and time to full.",
            "24,000mAh capacity: about 4.5 charges for an iPhone 16.",
            "Recharge in 52 minutes with a 140W USB-C charger (not included).",
            "What you get: Anker 737 Power Bank, 60cm USB-C to USB-C cable, travel pouch, 24-month warranty.",
        ],
        sponsored=[("Anker 633 Power Bank 10,000mAh Magnetic", "£49.99"), ("INIU 20,000mAh Power Bank 22.5W", "£21.99"), ("Anker Prime Power Bank 26,250mAh 300W", "£129.99")],
        reviews=[
            ("Tom H.", "Reviewed in the United Kingdom on 3 December 2026", "Charges my laptop twice on a flight", "Heavy but brilliant. Paid £84.50 from one of the other sellers last time and it was a genuine unit."),
            ("Sarah K.", "Reviewed in the United Kingdom on 19 November 2026", "Display is genuinely useful", "Knowing exactly how many watts are going out is great for debugging cables."),
        ],
    )
    own = Seller("MarketMile", "MarketMile", "£99.99", "FREE delivery <b>Friday, 15 January</b>. Order within 6 hrs 12 mins.", list_price="£139.99", saving="-29%")
    before = marketplace_page(listing, own, others="New (4) from £84.50", other_sellers=[
        Seller("PowerPoint Direct", "PowerPoint Direct", "£84.50", "FREE delivery 18 – 20 January"),
        Seller("Chargeville", "MarketMile", "£89.00", "FREE delivery Saturday, 16 January"),
    ])
    after = marketplace_page(listing, own, others="New (6) from £72.49", used="Used – Very Good: £61.20", other_sellers=[
        Seller("VoltDirect UK", "VoltDirect UK", "£72.49", "+ £3.99 delivery 20 – 26 January"),
        Seller("PowerPoint Direct", "PowerPoint Direct", "£84.50", "FREE delivery 18 – 20 January"),
        Seller("Chargeville", "MarketMile", "£89.00", "FREE delivery Saturday, 16 January"),
    ])
    return Case(
        "marketmile-anker-737-only-from-marketmile",
        "I only want to buy the Anker 737 power bank from MarketMile directly, not a marketplace seller — ping me when their price is below £80",
        "en",
        "price",
        True,
        False,
        "/Anker-PowerCore-Portable-Charger-Display/dp/B09VPHVT2Z",
        "decoy: MarketMile's own offer stays £99.99 (list price £139.99); AFTER adds a third-party seller at £72.49 ('New (6) from £72.49') and a used one at £61.20; Chargeville's offer is dispatched by MarketMile but sold by Chargeville; a review quotes £84.50",
        before,
        after,
    )


# -- Freshway: a supermarket with unit prices ------------------------------------------------


def freshway() -> Case:
    def page(price: float, was: float | None, offer: str) -> str:
        product_ld = {
            "@context": "https://schema.org",
            "@type": "Product",
            "name": "Oatly Oat Drink Barista Edition 1L",
            "sku": "301485227",
            "gtin13": "7394376616037",
            "brand": {"@type": "Brand", "name": "Oatly"},
            "image": "https://digitalcontent.freshway.co.uk/pi/7394376616037/IDShot_540x540.jpeg",
            "description": "Oat drink with added vitamins and minerals, made for foaming.",
            "offers": {"@type": "Offer", "priceCurrency": "GBP", "price": f"{price:.2f}", "availability": "https://schema.org/InStock", "seller": {"@type": "Organization", "name": "Freshway"}},
        }
        was_html = f'<p class="product-price__was" data-auto="was-price">Was £{was:.2f}</p>' if was else ""
        return f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Freshway Groceries - Oatly Oat Drink Barista Edition 1L</title>
<meta name="description" content="Shop Oatly Oat Drink Barista Edition 1L at Freshway. Order online for delivery or Click+Collect.">
<link rel="canonical" href="https://www.freshway.co.uk/groceries/en-GB/products/301485227">
<link rel="stylesheet" href="https://www.freshway.co.uk/groceries/static/css/main.6f1c2b0a.css">
{jsonld(product_ld)}
{jsonld({"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": [{"@type": "ListItem", "position": 1, "name": "Groceries", "item": "https://www.freshway.co.uk/groceries/en-GB/"}, {"@type": "ListItem", "position": 2, "name": "Fresh Food", "item": "https://www.freshway.co.uk/groceries/en-GB/shop/fresh-food/all"}, {"@type": "ListItem", "position": 3, "name": "Milk, Butter & Eggs", "item": "https://www.freshway.co.uk/groceries/en-GB/shop/fresh-food/milk-butter-and-eggs/all"}, {"@type": "ListItem", "position": 4, "name": "Milk Alternatives"}]})}
</head>
<body>
<div id="asparagus-root">
{cookie_banner("onetrust", "en", "Freshway")}
<div class="global-header"><a class="skip-link" href="#main">Skip to main content</a>
<div class="top-bar"><ul><li><a href="/help">Help</a></li><li><a href="/store-locator">Store locator</a></li><li><a href="/account/login">Sign in</a></li><li><a href="/account/register">Register</a></li></ul></div>
<header class="main-header"><a class="logo" href="/groceries/en-GB/"><span class="visually-hidden">Freshway Groceries homepage</span></a>
<form class="search-bar" action="/groceries/en-GB/search" role="search"><label for="search-input" class="visually-hidden">Search</label><input id="search-input" type="search" name="query" placeholder="Search Freshway"><button type="submit">Search</button></form>
<div class="slot-booker"><a href="/groceries/en-GB/slots/delivery">Book a slot</a><span class="slot-booker__text">Delivery from £3.50 · Click+Collect from £2</span></div>
<a class="mini-trolley" href="/groceries/en-GB/trolley"><span>Trolley</span> <span class="mini-trolley__total">£0.00</span></a>
</header>
<nav class="primary-nav" aria-label="Shop by category"><ul><li><a href="/groceries/en-GB/shop/fresh-food/all">Fresh Food</a></li><li><a href="/groceries/en-GB/shop/bakery/all">Bakery</a></li><li><a href="/groceries/en-GB/shop/frozen-food/all">Frozen Food</a></li><li><a href="/groceries/en-GB/shop/food-cupboard/all">Food Cupboard</a></li><li><a href="/groceries/en-GB/shop/drinks/all">Drinks</a></li><li><a href="/groceries/en-GB/shop/baby/all">Baby</a></li><li><a href="/groceries/en-GB/shop/household/all">Household</a></li><li><a href="/groceries/en-GB/promotions/all">Special Offers</a></li></ul></nav>
</div>
<main id="main">
<nav class="breadcrumbs" aria-label="breadcrumb"><ol><li><a href="/groceries/en-GB/shop/fresh-food/all">Fresh Food</a></li><li><a href="/groceries/en-GB/shop/fresh-food/milk-butter-and-eggs/all">Milk, Butter &amp; Eggs</a></li><li><a href="/groceries/en-GB/shop/fresh-food/milk-butter-and-eggs/milk-alternatives">Milk Alternatives</a></li></ol></nav>
<section class="product-details-tile" data-auto="pdp-product-tile">
<div class="product-image__container"><img src="https://digitalcontent.freshway.co.uk/pi/7394376616037/IDShot_540x540.jpeg" alt="Oatly Oat Drink Barista Edition 1L" width="540" height="540"></div>
<div class="product-details-tile__title-wrapper"><h1 class="product-details-tile__title" data-auto="pdp-product-title">Oatly Oat Drink Barista Edition 1L</h1>
<div class="product-rating"><span class="product-rating__stars" aria-label="4.8 out of 5 stars">4.8</span> <a href="#review-data">(1,203 reviews)</a></div></div>
<div class="price-details--wrapper">
<div class="price-control-wrapper"><p class="product-price__value" data-auto="price-value">£{price:.2f}</p><p class="product-price__subtext" data-auto="price-per-unit">£{price:.2f}/litre</p>{was_html}</div>
{offer}
<form class="add-control" action="/groceries/en-GB/trolley/items" method="post"><label for="qty-301485227">Quantity</label><input id="qty-301485227" type="number" name="qty" value="1" min="1" max="99"><button type="submit" class="button button-primary add-control__button">Add</button></form>
<p class="delivery-note">Available for home delivery and Click+Collect. Substitutions may be offered if this item is unavailable.</p>
</div>
</section>
<section class="product-info" aria-labelledby="product-info-heading"><h2 id="product-info-heading">Product information</h2>
<div class="product-info-block"><h3>Description</h3><p>Oat drink with added vitamins and minerals. Made for baristas, foams like a dream and doesn't split in coffee.</p></div>
<div class="product-info-block"><h3>Ingredients</h3><p>Oat base (water, <strong>oats</strong> 10%), rapeseed oil, acidity regulator (dipotassium phosphate), minerals (calcium carbonate, tricalcium phosphate, sea salt, potassium iodide), vitamins (D2, riboflavin, B12).</p></div>
<div class="product-info-block"><h3>Storage</h3><p>Store at ambient temperature. Once opened, keep refrigerated and use within 7 days. For use by date see top of pack.</p></div>
<div class="product-info-block"><h3>Nutrition</h3><table class="product__info-table"><thead><tr><th scope="col">Typical Values</th><th scope="col">Per 100ml</th><th scope="col">Per 200ml</th></tr></thead><tbody><tr><td>Energy</td><td>245kJ / 59kcal</td><td>490kJ / 118kcal</td></tr><tr><td>Fat</td><td>3.0g</td><td>6.0g</td></tr><tr><td>Carbohydrate</td><td>6.6g</td><td>13.2g</td></tr><tr><td>of which sugars</td><td>3.4g</td><td>6.8g</td></tr><tr><td>Protein</td><td>1.1g</td><td>2.2g</td></tr><tr><td>Salt</td><td>0.10g</td><td>0.20g</td></tr></tbody></table></div>
</section>
<section class="product-carousel" aria-labelledby="similar-heading"><h2 id="similar-heading">Similar products</h2><ul class="product-list">
<li class="product-list--list-item"><a href="/groceries/en-GB/products/307211834"><span class="product-tile__title">Alpro Barista Oat Drink 1L</span></a><p class="product-tile__price">£1.40</p><p class="product-tile__unit">£1.40/litre</p></li>
<li class="product-list--list-item"><a href="/groceries/en-GB/products/299104553"><span class="product-tile__title">Oatly Oat Drink Semi 1L</span></a><p class="product-tile__price">£1.65</p><p class="product-tile__unit">£1.65/litre</p></li>
<li class="product-list--list-item"><a href="/groceries/en-GB/products/301485239"><span class="product-tile__title">Oatly Barista Edition 4 x 1L</span></a><p class="product-tile__price">£6.75</p><p class="product-tile__unit">£1.69/litre</p></li>
<li class="product-list--list-item"><a href="/groceries/en-GB/products/296602718"><span class="product-tile__title">Freshway Oat Drink 1L</span></a><p class="product-tile__price">£0.85</p><p class="product-tile__unit">£0.85/litre</p></li>
</ul></section>
<section id="review-data" class="reviews"><h2>Reviews</h2><p class="reviews__summary">4.8 out of 5 · 1,203 reviews</p>
<article class="review"><h3>Best oat milk for flat whites</h3><p class="review__meta">Helen · 14 December 2026</p><p>Stock up when it's on the 2 for £3 deal, it never splits in coffee.</p></article>
<article class="review"><h3>Pricey but worth it</h3><p class="review__meta">Gaz · 2 November 2026</p><p>Used to be £1.85, now over two quid, but nothing else foams like it.</p></article>
</section>
</main>
<footer class="global-footer"><ul><li><a href="/help/delivery">Delivery information</a></li><li><a href="/help/click-and-collect">Click+Collect</a></li><li><a href="/terms">Terms &amp; conditions</a></li><li><a href="/privacy">Privacy &amp; cookies</a></li><li><a href="/accessibility">Accessibility</a></li></ul><p>&copy; Freshway Stores Ltd 2027. Prices and offers may differ in store.</p></footer>
</div>
{analytics("FW2A8K5P1C")}
</body>
</html>
"""

    multibuy = '<div class="offer-text" data-auto="offer-text"><span class="offer-text__label">Offer</span> Any 2 for £3.60 — Selected Oatly 1L. Offer valid for delivery from 04/01/2027 until 24/01/2027</div>'
    cut = '<div class="offer-text" data-auto="offer-text"><span class="offer-text__label">Price cut</span> Was £2.10 Now £1.50. Offer valid for delivery from 11/01/2027 until 31/01/2027</div>'
    before = page(2.10, None, multibuy)
    after = page(1.50, 2.10, cut)
    return Case(
        "freshway-oatly-barista-1-50-or-less",
        "Can you watch Freshway for me and shout if Oatly Barista Edition 1L gets to £1.50 or less?",
        "en",
        "price",
        False,
        True,
        "/groceries/en-GB/products/301485227",
        "a supermarket page: £2.10 (£2.10/litre, 'Any 2 for £3.60') → £1.50 exactly, which 'or less' accepts; similar products cost £1.40 and £0.85 on both pages, a review remembers '2 for £3'; JSON-LD Offer has the price",
        before,
        after,
        ["1.50"],
    )


# -- SkyLane: an airline's fare calendar -----------------------------------------------------


def skylane() -> Case:
    days = [("Mon", "5 Apr", "2027-04-05"), ("Tue", "6 Apr", "2027-04-06"), ("Wed", "7 Apr", "2027-04-07"), ("Thu", "8 Apr", "2027-04-08"), ("Fri", "9 Apr", "2027-04-09"), ("Sat", "10 Apr", "2027-04-10"), ("Sun", "11 Apr", "2027-04-11")]

    def page(fares: dict[str, int], flights: list[tuple[str, str, str, str, str, str | None, str | None]], note: str) -> str:
        strip = "".join(
            f'<li class="fare-calendar__day{" fare-calendar__day--selected" if iso == "2027-04-09" else ""}" data-date="{iso}"><button type="button" aria-pressed="{"true" if iso == "2027-04-09" else "false"}"><span class="fare-calendar__weekday">{wd}</span> <span class="fare-calendar__date">{d}</span> <span class="fare-calendar__price">{"from £" + str(fares[iso]) if iso in fares else "No flights"}</span></button></li>'
            for wd, d, iso in days
        )
        rows = "".join(
            f'<li class="flight-card" data-flight="{no}"><div class="flight-card__times"><span class="flight-card__dep"><time datetime="2027-04-09T{dep}">{dep}</time> LHR</span> <span class="flight-card__duration">{dur}</span> <span class="flight-card__arr"><time datetime="2027-04-09T{arr}">{arr}</time> LIS</span></div><div class="flight-card__meta">{no} · Direct · Operated by SkyLane</div><div class="flight-card__fares"><button class="fare-button fare-button--light" type="button"><span class="fare-button__name">Light</span> <span class="fare-button__price">{light or "Sold out"}</span></button><button class="fare-button fare-button--classic" type="button"><span class="fare-button__name">Classic</span> <span class="fare-button__price">{classic or "Sold out"}</span></button></div></li>'
            for no, dep, arr, dur, _, light, classic in flights
        )
        return f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Select your flight: London Heathrow to Lisbon | SkyLane</title>
<meta name="robots" content="noindex">
<link rel="stylesheet" href="/static/booking/app.4e91c7.css">
</head>
<body class="booking booking--outbound">
{cookie_banner("cookiebot", "en", "SkyLane")}
<header class="site-header"><a class="site-header__logo" href="/en-gb/">SkyLane</a><nav aria-label="Main"><ul><li><a href="/en-gb/book">Book</a></li><li><a href="/en-gb/manage">Manage booking</a></li><li><a href="/en-gb/check-in">Check in</a></li><li><a href="/en-gb/flight-status">Flight status</a></li><li><a href="/en-gb/club">SkyLane Club</a></li></ul></nav><div class="site-header__currency">GBP £ · English</div></header>
<main id="main" class="booking-main">
<ol class="booking-steps" aria-label="Booking progress"><li class="booking-steps__step booking-steps__step--current">Flights</li><li class="booking-steps__step">Passengers</li><li class="booking-steps__step">Extras</li><li class="booking-steps__step">Seats</li><li class="booking-steps__step">Payment</li></ol>
<section class="search-summary"><h1 class="search-summary__title">London Heathrow (LHR) to Lisbon (LIS)</h1><p class="search-summary__details">One way · 1 adult · Economy · Friday 9 April 2027</p><a class="search-summary__edit" href="/en-gb/book?edit=1">Edit search</a></section>
<div class="promo-banner" role="note">Spring sale: return flights to Portugal from £161. Book by 31 January for travel until 30 June.</div>
<section class="fare-calendar" aria-label="Lowest fares by day"><h2 class="visually-hidden">Lowest one-way fares this week</h2><ul class="fare-calendar__days">{strip}</ul><p class="fare-calendar__note">Lowest adult fare per day, one way, including taxes and charges.</p></section>
<section class="flight-results" aria-labelledby="results-heading"><h2 id="results-heading">Outbound · Friday 9 April 2027</h2><p class="flight-results__count">{len(flights)} flights</p><ul class="flight-results__list">{rows}</ul>{note}</section>
<aside class="fare-info"><h2>What's included</h2><dl><dt>Light</dt><dd>1 small bag under the seat. Seat selection from £9. Changes not allowed.</dd><dt>Classic</dt><dd>1 cabin bag and 1 small bag, free standard seat, changes for a fee.</dd><dt>Flex</dt><dd>23kg hold bag, free changes, refundable.</dd></dl><p>All fares are per person, one way, and include taxes, fees and charges. Payment card fees may apply.</p></aside>
</main>
<footer class="site-footer"><ul><li><a href="/en-gb/help">Help centre</a></li><li><a href="/en-gb/conditions-of-carriage">Conditions of carriage</a></li><li><a href="/en-gb/privacy">Privacy</a></li><li><a href="/en-gb/cookies">Cookies</a></li></ul><p>&copy; 2027 SkyLane Airways Ltd. ATOL protected holidays: see our holiday pages.</p></footer>
{analytics("SKY4L9N2E7")}
</body>
</html>
"""

    before_fares = {"2027-04-05": 68, "2027-04-06": 61, "2027-04-07": 74, "2027-04-08": 79, "2027-04-09": 112, "2027-04-10": 96, "2027-04-11": 129}
    after_fares = {**before_fares, "2027-04-09": 84}
    flights_before = [
        ("SL 1354", "07:05", "09:40", "2h 35m", "", "£112", "£147"),
        ("SL 1358", "15:20", "17:55", "2h 35m", "", "£134", "£169"),
        ("SL 1362", "19:45", "22:20", "2h 35m", "", None, "£188"),
    ]
    flights_after = [
        ("SL 1354", "07:05", "09:40", "2h 35m", "", "£84", "£119"),
        ("SL 1358", "15:20", "17:55", "2h 35m", "", "£134", "£169"),
        ("SL 1362", "19:45", "22:20", "2h 35m", "", None, "£188"),
    ]
    before = page(before_fares, flights_before, "")
    after = page(after_fares, flights_after, '<p class="flight-results__hint">Only 3 seats left at this price on SL 1354.</p>')
    return Case(
        "skylane-heathrow-lisbon-9-april-under-90",
        "Watch SkyLane's fares for me: one way London Heathrow to Lisbon on Friday 9 April 2027, tell me if it goes under £90",
        "en",
        "price",
        False,
        False,
        "/en-gb/book/flights?o=LHR&d=LIS&date=2027-04-09&adt=1",
        "an airline's results page: 9 April goes from £112 to £84 (Light fare on SL 1354); the fare strip has other days at £61–£79 on both pages and a banner says returns 'from £161'",
        before,
        after,
        ["84"],
    )


# -- TicketNest: a ticket seller's event page ------------------------------------------------


def ticketnest() -> Case:
    def page(standing: str, standing_avail: str, banner: str) -> str:
        event_ld = [
            {
                "@context": "https://schema.org",
                "@type": "MusicEvent",
                "name": "The Marigolds — Sunflower Tour",
                "startDate": "2027-03-14T19:00:00+00:00",
                "doorTime": "2027-03-14T19:00:00+00:00",
                "eventStatus": "https://schema.org/EventScheduled",
                "eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode",
                "location": {"@type": "Place", "name": "O2 Academy Brixton", "address": {"@type": "PostalAddress", "streetAddress": "211 Stockwell Road", "addressLocality": "London", "postalCode": "SW9 9SL", "addressCountry": "GB"}},
                "performer": {"@type": "MusicGroup", "name": "The Marigolds"},
                "offers": [
                    {"@type": "Offer", "name": "General Admission Standing", "price": "42.50", "priceCurrency": "GBP", "availability": standing_avail, "url": "https://www.ticketnest.co.uk/event/1F0061A7C9B2"},
                    {"@type": "Offer", "name": "Circle Seated", "price": "48.00", "priceCurrency": "GBP", "availability": "https://schema.org/SoldOut", "url": "https://www.ticketnest.co.uk/event/1F0061A7C9B2"},
                ],
            },
            {
                "@context": "https://schema.org",
                "@type": "MusicEvent",
                "name": "The Marigolds — Sunflower Tour",
                "startDate": "2027-03-15T19:00:00+00:00",
                "eventStatus": "https://schema.org/EventScheduled",
                "location": {"@type": "Place", "name": "O2 Academy Brixton", "address": {"@type": "PostalAddress", "addressLocality": "London", "addressCountry": "GB"}},
                "performer": {"@type": "MusicGroup", "name": "The Marigolds"},
                "offers": {"@type": "AggregateOffer", "lowPrice": "42.50", "highPrice": "48.00", "priceCurrency": "GBP", "availability": "https://schema.org/SoldOut"},
            },
        ]
        return f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Marigolds Tickets | O2 Academy Brixton, London | Sun 14 Mar 2027 | TicketNest</title>
<meta name="description" content="Buy tickets for The Marigolds at O2 Academy Brixton, London on Sun 14 Mar 2027 19:00.">
<link rel="canonical" href="https://www.ticketnest.co.uk/event/1F0061A7C9B2">
<script type="application/ld+json">{json.dumps(event_ld)}</script>
<link rel="stylesheet" href="/assets/edp.1c9e4b.css">
</head>
<body>
{cookie_banner("onetrust", "en", "TicketNest")}
<header class="tn-header"><a href="/" class="tn-logo">TicketNest</a><nav><a href="/music">Music</a> <a href="/sport">Sport</a> <a href="/arts-theatre">Arts &amp; Theatre</a> <a href="/family">Family</a> <a href="/resale">Fan-to-Fan Resale</a></nav><a href="/member">Sign in / Register</a></header>
<main id="main-content">
<section class="edp-hero"><p class="edp-hero__date"><time datetime="2027-03-14T19:00">Sun • Mar 14 • 7:00 PM</time></p><h1 class="edp-hero__title">The Marigolds — Sunflower Tour</h1><p class="edp-hero__venue"><a href="/venue/o2-academy-brixton-london">O2 Academy Brixton, London</a></p><p class="edp-hero__age">Ages 14+. Under 16s must be accompanied by an adult aged 18+.</p></section>
{banner}
<section class="ticket-types" aria-labelledby="tt-heading"><h2 id="tt-heading">Tickets</h2><p class="ticket-types__limit">Ticket limit: 4 per person. Prices include fees.</p>
<ul class="ticket-list">
<li class="ticket-list__item"><div class="ticket-list__name">General Admission Standing</div><div class="ticket-list__price">£42.50</div><div class="ticket-list__status">{standing}</div></li>
<li class="ticket-list__item"><div class="ticket-list__name">Circle Seated</div><div class="ticket-list__price">£48.00</div><div class="ticket-list__status"><span class="badge badge--soldout">Sold out</span></div></li>
<li class="ticket-list__item"><div class="ticket-list__name">VIP Early Entry Package (Standing)</div><div class="ticket-list__price">£95.00</div><div class="ticket-list__status"><span class="badge badge--soldout">Sold out</span></div></li>
</ul></section>
<section class="more-dates"><h2>More dates at this venue</h2><ul><li><time datetime="2027-03-15T19:00">Mon • Mar 15 • 7:00 PM</time> · O2 Academy Brixton, London · <span class="badge badge--soldout">Sold out</span> · <a href="/waitlist/1F0061A7D0C4">Join waitlist</a></li><li><time datetime="2027-03-18T19:00">Thu • Mar 18 • 7:00 PM</time> · Albert Hall, Manchester · <a href="/event/1F0061A7E1D3">Find tickets</a></li></ul></section>
<section class="edp-info"><h2>Event info</h2><p>Doors 7:00pm. Support from Halfmoon Drive. Curfew 11:00pm. Set times are announced on the day on the venue's socials.</p><p>This is a cashless venue. Bag policy: no bags larger than A4.</p></section>
<section class="edp-faq"><h2>Good to know</h2><details><summary>Are tickets refundable?</summary><p>Tickets are non-refundable unless the event is cancelled. You can resell your ticket at face value on Fan-to-Fan Resale.</p></details><details><summary>When will I get my tickets?</summary><p>Mobile tickets appear in your account 48 hours before the show.</p></details></section>
</main>
<footer class="tn-footer"><p>&copy; 2027 TicketNest UK Ltd. <a href="/terms">Purchase policy</a> · <a href="/privacy">Privacy</a> · <a href="/cookies">Cookies</a></p></footer>
{analytics("TN3ST7Q8R1")}
</body>
</html>
"""

    sold = '<span class="badge badge--soldout">Sold out</span> <a class="btn btn--secondary" href="/waitlist/1F0061A7C9B2">Join waitlist</a>'
    back = '<span class="badge badge--limited">Limited availability</span> <label for="qty-ga">Qty</label><select id="qty-ga" name="qty"><option>1</option><option>2</option><option>3</option><option>4</option></select> <button class="btn btn--primary" type="button">Add</button>'
    before = page(sold, "https://schema.org/SoldOut", '<div class="edp-alert edp-alert--info" role="status">This event is currently sold out. Join the waitlist and we’ll email you if tickets become available.</div>')
    after = page(back, "https://schema.org/LimitedAvailability", '<div class="edp-alert edp-alert--success" role="status">More tickets released! Additional General Admission Standing tickets are now on sale for this show.</div>')
    return Case(
        "ticketnest-marigolds-brixton-14-march-standing",
        "Standing tickets for The Marigolds at Brixton Academy on 14 March — let me know the moment any are available",
        "en",
        "stock",
        False,
        True,
        "/event/1F0061A7C9B2",
        "a ticket seller's event page: General Admission Standing goes Sold out → Limited availability (MusicEvent JSON-LD offer SoldOut → LimitedAvailability); Circle and VIP stay sold out, 15 March stays sold out with a waitlist",
        before,
        after,
    )


CASES = [brewline, marketmile, freshway, skylane, ticketnest]
