"""Where software releases are announced: a forge's releases page (GitHub-like), a project
blog, a changelog rendered by a docs site, and a download page with SoftwareApplication data."""

from __future__ import annotations

from dataclasses import dataclass, field

from common import analytics, cookie_banner, esc, jsonld


@dataclass
class Release:
    tag: str
    title: str
    iso: str  # 2027-01-14T09:12:33Z
    shown: str  # Jan 14, 2027
    body: str  # HTML
    latest: bool = False
    prerelease: bool = False
    author: str = "release-bot"
    assets: list[tuple[str, str]] = field(default_factory=list)  # name, size
    reactions: int = 0


def forge_releases(owner: str, repo: str, releases: list[Release], *, stars: str, forks: str, issues: int, prs: int, about: str) -> str:
    """A releases page as GitHub renders it, logged out."""
    items = []
    for r in releases:
        label = ""
        if r.latest:
            label = '<span class="Label Label--success Label--large" data-view-component="true">Latest</span>'
        elif r.prerelease:
            label = '<span class="Label Label--warning Label--large" data-view-component="true">Pre-release</span>'
        assets = "".join(
            f'<li class="Box-row d-flex flex-column flex-md-row"><div class="d-flex flex-justify-start col-12 col-lg-9"><a href="/{owner}/{repo}/releases/download/{r.tag}/{esc(name)}" rel="nofollow" data-turbo="false" data-view-component="true" class="Truncate"><span data-view-component="true" class="Truncate-text text-bold">{esc(name)}</span></a></div><div class="d-flex flex-auto flex-justify-end col-md-4 ml-3 ml-md-0 mt-1 mt-md-0 pl-1 pl-md-0"><span style="white-space: nowrap;" class="color-fg-muted text-sm-left flex-auto ml-md-3 nowrap">{esc(size)}</span><span class="color-fg-muted text-right flex-shrink-0 flex-grow-0 ml-3"><relative-time datetime="{r.iso}" class="no-wrap" prefix="">{esc(r.shown)}</relative-time></span></div></li>'
            for name, size in r.assets + [("Source code (zip)", ""), ("Source code (tar.gz)", "")]
        )
        items.append(f"""<section aria-labelledby="hd-{r.tag.replace('.', '')}">
  <h2 class="sr-only" id="hd-{r.tag.replace('.', '')}">{esc(r.title)}</h2>
  <div class="d-flex flex-column flex-md-row my-5 flex-justify-center">
    <div class="col-md-2 d-flex flex-md-column flex-row flex-wrap pr-md-6 mb-2 mb-md-0 flex-items-start pt-md-4">
      <div class="mb-2 f4 mr-1 mr-md-0 color-fg-default"><relative-time class="no-wrap" prefix="" datetime="{r.iso}">{esc(r.shown)}</relative-time></div>
      <div class="mb-md-2 mr-3 mr-md-0"><img class="avatar avatar-small circle" src="https://avatars.githubusercontent.com/u/41898282?s=40&amp;v=4" alt="" size="20" height="20" width="20" data-view-component="true" /><a data-hovercard-type="user" class="color-fg-muted" href="/{esc(r.author)}">{esc(r.author)}</a></div>
      <div class="mr-3 mr-md-0 d-flex"><a class="Link Link--muted" title="{r.tag}" href="/{owner}/{repo}/tree/{r.tag}"><span class="ml-1 wb-break-all">{r.tag}</span></a></div>
    </div>
    <div class="col-md-9">
      <div class="Box">
        <div class="Box-body">
          <div class="d-flex flex-md-row flex-column">
            <div class="d-flex flex-row flex-1 mb-3 wb-break-word">
              <div class="flex-1" data-pjax="#repo-content-pjax-container" data-turbo-frame="repo-content-turbo-frame"><span data-view-component="true" class="f1 text-bold d-inline mr-3"><a href="/{owner}/{repo}/releases/tag/{r.tag}" data-view-component="true" class="Link--primary Link">{esc(r.title)}</a></span>
                <div class="v-align-text-bottom ml-2 d-none d-md-inline">{label}</div>
              </div>
            </div>
          </div>
          <div data-pjax="true" data-test-selector="body-content" data-view-component="true" class="markdown-body my-3">{r.body}</div>
        </div>
        <div data-view-component="true" class="Box-footer">
          <div class="mb-3"><details data-view-component="true" {'open="open"' if r.latest else ''}><summary role="button" data-view-component="true"><span class="f3 text-bold d-inline mr-3 v-align-middle">Assets</span> <span title="{len(r.assets) + 2}" data-view-component="true" class="Counter v-align-middle">{len(r.assets) + 2}</span></summary><div data-view-component="true"><ul data-view-component="true">{assets}</ul></div></details></div>
          <div class="d-flex flex-row flex-wrap flex-justify-between js-comment"><div class="js-reaction-buttons-container"><div class="color-fg-muted mt-1">{r.reactions} people reacted</div></div></div>
        </div>
      </div>
    </div>
  </div>
</section>""")
    return f"""<!DOCTYPE html>
<html lang="en" data-color-mode="auto" data-light-theme="light" data-dark-theme="dark" data-a11y-animated-images="system" data-a11y-link-underlines="true">
  <head>
    <meta charset="utf-8">
  <link rel="dns-prefetch" href="https://github.githubassets.com">
  <link rel="dns-prefetch" href="https://avatars.githubusercontent.com">
  <link crossorigin="anonymous" media="all" rel="stylesheet" href="https://github.githubassets.com/assets/light-74231a1f3bbb.css" />
  <link crossorigin="anonymous" media="all" rel="stylesheet" href="https://github.githubassets.com/assets/primer-primitives-10bf9dd67e3d.css" />
  <link crossorigin="anonymous" media="all" rel="stylesheet" href="https://github.githubassets.com/assets/github-9a76b7ed3d66.css" />
  <script type="application/json" id="client-env">{{"locale":"en","featureFlags":["copilot_immersive_issue_preview","release_page_assets"]}}</script>
  <script crossorigin="anonymous" defer="defer" type="application/javascript" src="https://github.githubassets.com/assets/wp-runtime-2f8d1f5e4b1a.js"></script>
  <title>Releases · {owner}/{repo} · GitHub</title>
  <meta name="route-pattern" content="/:user_id/:repository/releases(.:format)" data-turbo-transient>
  <meta name="current-catalog-service-hash" content="f3abb0cc802f3d7b95fc8762b94bdcb13bf39634c40c357301c4aa1d67a256fb">
  <meta name="request-id" content="D41E:2C1F8:5A0B3C1:5C2A8F0:6749B2E1" data-pjax-transient="true"/>
  <meta name="viewport" content="width=device-width">
  <meta name="description" content="{esc(about)} - Releases · {owner}/{repo}">
  <link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title="GitHub">
  <meta name="twitter:image" content="https://opengraph.githubassets.com/0f2e1d/{owner}/{repo}" /><meta name="twitter:site" content="@github" /><meta name="twitter:card" content="summary_large_image" /><meta name="twitter:title" content="Releases · {owner}/{repo}" /><meta name="twitter:description" content="{esc(about)} - Releases · {owner}/{repo}" />
  <meta property="og:image" content="https://opengraph.githubassets.com/0f2e1d/{owner}/{repo}" /><meta property="og:image:alt" content="{esc(about)}" /><meta property="og:site_name" content="GitHub" /><meta property="og:type" content="object" /><meta property="og:title" content="Releases · {owner}/{repo}" /><meta property="og:url" content="https://github.com/{owner}/{repo}/releases" /><meta property="og:description" content="{esc(about)} - Releases · {owner}/{repo}" />
  <meta name="hostname" content="github.com">
  <meta name="expected-hostname" content="github.com">
  <meta name="turbo-cache-control" content="no-preview" data-turbo-transient="">
  <meta name="go-import" content="github.com/{owner}/{repo} git https://github.com/{owner}/{repo}.git">
  <meta name="octolytics-dimension-user_login" content="{owner}" /><meta name="octolytics-dimension-repository_nwo" content="{owner}/{repo}" /><meta name="octolytics-dimension-repository_public" content="true" />
  <link rel="canonical" href="https://github.com/{owner}/{repo}/releases" data-turbo-transient>
  <link rel="alternate" type="application/atom+xml" title="{repo} Release Notes" href="https://github.com/{owner}/{repo}/releases.atom">
  </head>
  <body class="logged-out env-production page-responsive" style="word-wrap: break-word;">
    <div data-turbo-body class="logged-out env-production page-responsive" style="word-wrap: break-word;">
    <div class="position-relative header-wrapper js-header-wrapper ">
      <a href="#start-of-content" data-skip-target-assigned="false" class="px-2 py-4 color-bg-accent-emphasis color-fg-on-emphasis show-on-focus js-skip-to-content">Skip to content</a>
      <header class="HeaderMktg header-logged-out js-details-container js-header Details f4 py-3" role="banner" data-color-mode=light data-light-theme=light data-dark-theme=dark>
        <div class="container-xl d-flex flex-column flex-lg-row flex-items-center p-responsive height-full position-relative z-1">
          <a class="mr-lg-3 color-fg-inherit flex-order-2" href="https://github.com/" aria-label="Homepage">GitHub</a>
          <nav aria-label="Global" class="mt-5 mb-3 mt-lg-0 mb-lg-0"><ul class="d-lg-flex list-style-none"><li class="HeaderMenu-item position-relative flex-wrap flex-justify-between flex-items-center d-block d-lg-flex flex-lg-nowrap flex-lg-items-center js-details-container js-header-menu-item"><button type="button" class="HeaderMenu-link border-0 width-full width-lg-auto px-0 px-lg-2 py-lg-2 no-wrap d-flex flex-items-center flex-justify-between js-details-target" aria-expanded="false">Product</button></li><li class="HeaderMenu-item"><button type="button" class="HeaderMenu-link" aria-expanded="false">Solutions</button></li><li class="HeaderMenu-item"><button type="button" class="HeaderMenu-link" aria-expanded="false">Resources</button></li><li class="HeaderMenu-item"><button type="button" class="HeaderMenu-link" aria-expanded="false">Open Source</button></li><li class="HeaderMenu-item"><button type="button" class="HeaderMenu-link" aria-expanded="false">Enterprise</button></li><li class="HeaderMenu-item"><a class="HeaderMenu-link no-underline px-0 px-lg-2 py-3 py-lg-2 d-block d-lg-inline-block" href="https://github.com/pricing">Pricing</a></li></ul></nav>
          <div class="d-lg-flex flex-items-center mb-3 mb-lg-0 text-center text-lg-left ml-3" style=""><a href="/login?return_to=https%3A%2F%2Fgithub.com%2F{owner}%2F{repo}%2Freleases" class="HeaderMenu-link HeaderMenu-link--sign-in HeaderMenu-button flex-shrink-0 no-underline d-none d-lg-inline-flex border border-lg-0 rounded px-2 py-1">Sign in</a><a href="/signup?ref_cta=Sign+up&amp;source=header-repo" class="HeaderMenu-link HeaderMenu-link--sign-up HeaderMenu-button flex-shrink-0 d-flex d-lg-inline-flex no-underline border color-border-default rounded px-2 py-1">Sign up</a></div>
        </div>
      </header>
    </div>
    <div id="start-of-content" class="show-on-focus"></div>
    <div class="application-main " data-commit-hovercards-enabled data-discussion-hovercards-enabled data-issue-and-pr-hovercards-enabled data-project-hovercards-enabled>
      <div itemscope itemtype="http://schema.org/SoftwareSourceCode" class="">
        <main id="js-repo-pjax-container">
          <div id="repository-container-header" class="pt-3 hide-full-screen" style="background-color: var(--page-header-bgColor, var(--color-page-header-bg));" data-turbo-replace>
            <div class="d-flex flex-nowrap flex-justify-end mb-3 px-3 px-lg-5" style="gap: 1rem;">
              <div class="flex-auto min-width-0 width-fit"><div class="d-flex flex-wrap flex-items-center wb-break-word f3 text-normal"><span class="author flex-self-stretch" itemprop="author"><a class="url fn" rel="author" data-hovercard-type="organization" href="/{owner}">{owner}</a></span><span class="mx-1 flex-self-stretch color-fg-muted">/</span><strong itemprop="name" class="mr-2 flex-self-stretch"><a data-pjax="#repo-content-pjax-container" data-turbo-frame="repo-content-turbo-frame" href="/{owner}/{repo}">{repo}</a></strong><span></span><span class="Label Label--secondary v-align-middle mr-1">Public</span></div></div>
              <div id="repository-details-container" class="flex-shrink-0" data-turbo-replace style="max-width: 70%;"><ul class="pagehead-actions flex-shrink-0 d-none d-md-inline" style="padding: 2px 0;"><li><a href="/login?return_to=%2F{owner}%2F{repo}" rel="nofollow" class="btn-sm btn" aria-label="You must be signed in to change notification settings">Notifications</a></li><li><a icon="repo-forked" id="fork-button" href="/login?return_to=%2F{owner}%2F{repo}" rel="nofollow" class="btn-sm btn">Fork <span id="repo-network-counter" class="Counter" title="{forks}">{forks}</span></a></li><li><a href="/login?return_to=%2F{owner}%2F{repo}" rel="nofollow" class="btn-sm btn" aria-label="You must be signed in to star a repository">Star <span id="repo-stars-counter-star" title="{stars}" class="Counter js-social-count">{stars}</span></a></li></ul></div>
            </div>
            <div id="responsive-meta-container" data-turbo-replace></div>
            <nav data-pjax="#js-repo-pjax-container" aria-label="Repository" data-view-component="true" class="js-repo-nav js-sidenav-container-pjax js-responsive-underlinenav overflow-hidden UnderlineNav px-3 px-md-4 px-lg-5">
              <ul data-view-component="true" class="UnderlineNav-body list-style-none"><li class="d-inline-flex"><a id="code-tab" href="/{owner}/{repo}" class="UnderlineNav-item no-wrap js-responsive-underlinenav-item js-selected-navigation-item"><span data-content="Code">Code</span></a></li><li class="d-inline-flex"><a id="issues-tab" href="/{owner}/{repo}/issues" class="UnderlineNav-item no-wrap"><span data-content="Issues">Issues</span><span id="issues-repo-tab-count" title="{issues}" class="Counter">{issues}</span></a></li><li class="d-inline-flex"><a id="pull-requests-tab" href="/{owner}/{repo}/pulls" class="UnderlineNav-item no-wrap"><span data-content="Pull requests">Pull requests</span><span id="pull-requests-repo-tab-count" title="{prs}" class="Counter">{prs}</span></a></li><li class="d-inline-flex"><a id="actions-tab" href="/{owner}/{repo}/actions" class="UnderlineNav-item no-wrap"><span data-content="Actions">Actions</span></a></li><li class="d-inline-flex"><a id="security-tab" href="/{owner}/{repo}/security" class="UnderlineNav-item no-wrap"><span data-content="Security">Security</span></a></li><li class="d-inline-flex"><a id="insights-tab" href="/{owner}/{repo}/pulse" class="UnderlineNav-item no-wrap"><span data-content="Insights">Insights</span></a></li></ul>
            </nav>
          </div>
          <turbo-frame id="repo-content-turbo-frame" target="_top" data-turbo-action="advance" class="">
            <div id="repo-content-pjax-container" class="repository-content ">
              <h1 class='sr-only'>Releases: {owner}/{repo}</h1>
              <div class="clearfix container-xl px-md-4 px-lg-5 px-3">
                <div data-view-component="true" class="Subhead mt-4 mb-2"><div data-view-component="true" class="Subhead-heading Subhead-heading--large"><nav class="d-flex" aria-label="Releases and Tags"><a class="subnav-item selected" aria-current="page" href="/{owner}/{repo}/releases">Releases</a><a class="subnav-item" href="/{owner}/{repo}/tags">Tags</a></nav></div></div>
                <div data-hpc id="release_page_title">
{''.join(items)}
                </div>
                <div class="paginate-container d-none d-sm-flex flex-sm-justify-center"><div role="navigation" aria-label="Pagination" class="pagination"><span class="previous_page disabled" aria-hidden="true">Previous</span> <em class="current" aria-label="Page 1" aria-current="page">1</em> <a rel="next" aria-label="Page 2" href="/{owner}/{repo}/releases?page=2">2</a> <a class="next_page" rel="next" href="/{owner}/{repo}/releases?page=2">Next</a></div></div>
              </div>
            </div>
          </turbo-frame>
        </main>
      </div>
    </div>
    <footer class="footer pt-8 pb-6 f6 color-fg-muted p-responsive" role="contentinfo"><h2 class='sr-only'>Footer</h2><div class="d-flex flex-justify-center flex-items-center flex-column-reverse flex-lg-row flex-wrap flex-lg-nowrap"><div class="d-flex flex-items-center flex-shrink-0 mx-2"><span>&copy; 2026 GitHub,&nbsp;Inc.</span></div><nav aria-label="Footer"><h3 class="sr-only" id="sr-footer-heading">Footer navigation</h3><ul class="list-style-none d-flex flex-justify-center flex-wrap mb-2 mb-lg-0" aria-labelledby="sr-footer-heading"><li class="mx-2"><a href="https://docs.github.com/site-policy/github-terms/github-terms-of-service" class="Link--secondary Link">Terms</a></li><li class="mx-2"><a href="https://docs.github.com/site-policy/privacy-policies/github-privacy-statement" class="Link--secondary Link">Privacy</a></li><li class="mx-2"><a href="https://github.com/security" class="Link--secondary Link">Security</a></li><li class="mx-2"><a href="https://www.githubstatus.com/" class="Link--secondary Link">Status</a></li><li class="mx-2"><a href="https://docs.github.com/" class="Link--secondary Link">Docs</a></li><li class="mx-2"><a href="https://support.github.com?tags=dotcom-footer" class="Link--secondary Link">Contact</a></li><li class="mx-2"><button type="button" class="Link--secondary underline-on-hover border-0 p-0 color-bg-transparent">Manage cookies</button></li><li class="mx-2"><button type="button" class="Link--secondary underline-on-hover border-0 p-0 color-bg-transparent">Do not share my personal information</button></li></ul></nav></div></footer>
    <div id="ajax-error-message" class="ajax-error-message flash flash-error" hidden>You can’t perform that action at this time.</div>
    </div>
  </body>
</html>
"""


@dataclass
class Post:
    title: str
    slug: str
    iso: str  # 2027-01-14
    shown: str
    author: str
    summary: str  # HTML
    tags: list[str] = field(default_factory=list)


def project_blog(project: str, domain: str, lang: str, posts: list[Post], *, nav: list[str], tagline: str, labels: dict[str, str], footer: str, sidebar: str = "", ld: bool = False) -> str:
    """A project's news page, as a static site generator renders it (Hugo-like)."""
    items = "".join(
        f"""<article class="post-entry">
        <header class="entry-header"><h2 class="entry-hint-parent"><a href="/{labels['path']}/{p.slug}/">{esc(p.title)}</a></h2></header>
        <div class="entry-content"><p>{p.summary}</p></div>
        <footer class="entry-footer"><time datetime="{p.iso}">{esc(p.shown)}</time>&nbsp;·&nbsp;{esc(p.author)}{''.join(f' · <a class="tag" href="/tags/{esc(t.lower())}/">#{esc(t)}</a>' for t in p.tags)}</footer>
        <a class="entry-link" aria-label="post link to {esc(p.title)}" href="/{labels['path']}/{p.slug}/"></a>
      </article>"""
        for p in posts
    )
    data = ""
    if ld:
        data = jsonld(
            {
                "@context": "https://schema.org",
                "@type": "Blog",
                "name": f"{project} – {labels['title']}",
                "url": f"https://{domain}/{labels['path']}/",
                "blogPost": [
                    {"@type": "BlogPosting", "headline": p.title, "datePublished": p.iso, "url": f"https://{domain}/{labels['path']}/{p.slug}/", "author": {"@type": "Person", "name": p.author}}
                    for p in posts
                ],
            }
        )
    return f"""<!DOCTYPE html>
<html lang="{lang}" dir="auto">
<head><meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<meta name="robots" content="index, follow">
<title>{esc(labels['title'])} | {esc(project)}</title>
<meta name="keywords" content="{esc(project)}, {esc(labels['title'])}">
<meta name="description" content="{esc(tagline)}">
<meta name="author" content="{esc(project)} Team">
<link rel="canonical" href="https://{domain}/{labels['path']}/">
<link crossorigin="anonymous" href="/assets/css/stylesheet.d6fcd20a4fb86efa4dfac8ec95da60244cc8871042183da1ef28e3a762ad79c8.css" integrity="sha256-1vzSCk+4bvpN+sjsldpgJEzIhxBCGD2h7yjjp2Ktecg=" rel="preload stylesheet" as="style">
<link rel="icon" href="https://{domain}/favicon.ico">
<link rel="alternate" type="application/rss+xml" href="https://{domain}/{labels['path']}/index.xml">
<meta name="generator" content="Hugo 0.139.2">
<meta property="og:url" content="https://{domain}/{labels['path']}/">
<meta property="og:site_name" content="{esc(project)}">
<meta property="og:title" content="{esc(labels['title'])}">
<meta property="og:description" content="{esc(tagline)}">
<meta property="og:locale" content="{lang}">
<meta property="og:type" content="website">
<meta name="twitter:card" content="summary">
{data}
</head>
<body class="list" id="top">
<header class="header">
    <nav class="nav">
        <div class="logo"><a href="https://{domain}/" accesskey="h" title="{esc(project)} (Alt + H)">{esc(project)}</a><div class="logo-switches"><button id="theme-toggle" accesskey="t" title="(Alt + T)" aria-label="Toggle theme"></button></div></div>
        <ul id="menu">{''.join(f'<li><a href="https://{domain}/{esc(n.lower())}/" title="{esc(n)}"><span>{esc(n)}</span></a></li>' for n in nav)}</ul>
    </nav>
</header>
<main class="main">
<header class="page-header"><div class="breadcrumbs"><a href="https://{domain}/">{labels['home']}</a></div><h1>{esc(labels['title'])}<a href="/{labels['path']}/index.xml" title="RSS" aria-label="RSS">RSS</a></h1><div class="post-description">{esc(tagline)}</div></header>
{items}
<footer class="page-footer"><nav class="pagination"><a class="next" href="https://{domain}/{labels['path']}/page/2/">{labels['next']}&nbsp;&nbsp;»</a></nav></footer>
{sidebar}
</main>
<footer class="footer"><span>{footer}</span> · <span>Powered by <a href="https://gohugo.io/" rel="noopener noreferrer" target="_blank">Hugo</a> &amp; <a href="https://github.com/adityatelange/hugo-PaperMod/" rel="noopener" target="_blank">PaperMod</a></span></footer>
<a href="#top" aria-label="go to top" title="Go to Top (Alt + G)" class="top-link" id="top-link" accesskey="g">↑</a>
<script>let menu = document.getElementById('menu'); if (menu) {{ menu.scrollLeft = localStorage.getItem("menu-scroll-position"); menu.onscroll = function () {{ localStorage.setItem("menu-scroll-position", menu.scrollLeft); }} }}</script>
</body>
</html>
"""


def changelog_page(project: str, domain: str, version_docs: str, body: str, *, repo: str) -> str:
    """CHANGELOG.md rendered by MkDocs Material."""
    return f"""<!doctype html>
<html lang="en" class="no-js">
  <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="description" content="{esc(project)}: fast, typed Markdown rendering for Python">
        <link rel="canonical" href="https://{domain}/latest/changelog/">
        <link rel="prev" href="../migration/">
        <link rel="icon" href="../assets/images/favicon.png">
      <meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.5.44">
        <title>Changelog - {esc(project)}</title>
      <link rel="stylesheet" href="../assets/stylesheets/main.0253249f.min.css">
        <link rel="stylesheet" href="../assets/stylesheets/palette.06af60db.min.css">
      <link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>
      <link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto:300,300i,400,400i,700,700i%7CRoboto+Mono:400,400i,700,700i&display=fallback">
      <script>__md_scope=new URL("..",location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{{try{{_.setItem(a.pathname+"."+e,JSON.stringify(_))}}catch(e){{}}}}</script>
  </head>
  <body dir="ltr" data-md-color-scheme="default" data-md-color-primary="indigo" data-md-color-accent="indigo">
    <input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off">
    <input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">
    <label class="md-overlay" for="__drawer"></label>
    <div data-md-component="skip"><a href="#changelog" class="md-skip">Skip to content</a></div>
    <div data-md-component="announce"><aside class="md-banner"><div class="md-banner__inner md-grid md-typeset">{esc(project)} is looking for maintainers! See <a href="https://github.com/{repo}/discussions/812">the discussion</a>.</div></aside></div>
    <div data-md-color-scheme="default" data-md-component="outdated" hidden></div>
<header class="md-header md-header--shadow" data-md-component="header">
  <nav class="md-header__inner md-grid" aria-label="Header">
    <a href=".." title="{esc(project)}" class="md-header__button md-logo" aria-label="{esc(project)}" data-md-component="logo"></a>
    <label class="md-header__button md-icon" for="__drawer"></label>
    <div class="md-header__title" data-md-component="header-title"><div class="md-header__ellipsis"><div class="md-header__topic"><span class="md-ellipsis">{esc(project)}</span></div><div class="md-header__topic" data-md-component="header-topic"><span class="md-ellipsis">Changelog</span></div></div></div>
    <div class="md-header__option"><div class="md-select"><button class="md-header__button md-icon" aria-label="Select version">{esc(version_docs)}</button></div></div>
    <label class="md-header__button md-icon" for="__search"></label>
    <div class="md-search" data-md-component="search" role="dialog"><label class="md-search__overlay" for="__search"></label><div class="md-search__inner" role="search"><form class="md-search__form" name="search"><input type="text" class="md-search__input" name="query" aria-label="Search" placeholder="Search" autocapitalize="off" autocorrect="off" autocomplete="off" spellcheck="false" data-md-component="search-query" required></form></div></div>
    <div class="md-header__source"><a href="https://github.com/{repo}" title="Go to repository" class="md-source" data-md-component="source"><div class="md-source__repository">{repo}</div></a></div>
  </nav>
</header>
    <div class="md-container" data-md-component="container">
      <main class="md-main" data-md-component="main">
        <div class="md-main__inner md-grid">
            <div class="md-sidebar md-sidebar--primary" data-md-component="sidebar" data-md-type="navigation"><div class="md-sidebar__scrollwrap"><div class="md-sidebar__inner"><nav class="md-nav md-nav--primary" aria-label="Navigation" data-md-level="0"><ul class="md-nav__list" data-md-scrollfix><li class="md-nav__item"><a href=".." class="md-nav__link"><span class="md-ellipsis">Home</span></a></li><li class="md-nav__item"><a href="../usage/" class="md-nav__link"><span class="md-ellipsis">Usage</span></a></li><li class="md-nav__item"><a href="../api/" class="md-nav__link"><span class="md-ellipsis">API reference</span></a></li><li class="md-nav__item"><a href="../migration/" class="md-nav__link"><span class="md-ellipsis">Migrating from 1.x</span></a></li><li class="md-nav__item md-nav__item--active"><a href="./" class="md-nav__link md-nav__link--active"><span class="md-ellipsis">Changelog</span></a></li></ul></nav></div></div></div>
          <div class="md-content" data-md-component="content">
            <article class="md-content__inner md-typeset">
              <a href="https://github.com/{repo}/edit/main/docs/changelog.md" title="Edit this page" class="md-content__button md-icon">Edit</a>
{body}
<aside class="md-source-file"><span class="md-source-file__fact"><span class="md-icon" title="Last update"></span><span class="git-revision-date-localized-plugin git-revision-date-localized-plugin-date">{esc(version_docs)}</span></span></aside>
            </article>
          </div>
        </div>
      </main>
      <footer class="md-footer"><div class="md-footer-meta md-typeset"><div class="md-footer-meta__inner md-grid"><div class="md-copyright"><div class="md-copyright__highlight">Copyright &copy; 2022 – 2026 The {esc(project)} authors</div>Made with <a href="https://squidfunk.github.io/mkdocs-material/" target="_blank" rel="noopener">Material for MkDocs</a></div></div></div></footer>
    </div>
    <script id="__config" type="application/json">{{"base": "..", "features": ["navigation.instant", "content.code.copy"], "search": "../assets/javascripts/workers/search.6ce7567c.min.js", "translations": {{"clipboard.copied": "Copied to clipboard"}}, "version": {{"provider": "mike"}}}}</script>
    <script src="../assets/javascripts/bundle.83f73b43.min.js"></script>
  </body>
</html>
"""


def download_page(product: str, domain: str, version: str, released_iso: str, released: str, body: str, *, lang: str = "en", os_list: list[str], price: str = "0", nav: list[str], cookie: str = "cookieyes") -> str:
    """A desktop app's download page with SoftwareApplication data, as app sites publish it."""
    data = jsonld(
        {
            "@context": "https://schema.org",
            "@type": "SoftwareApplication",
            "name": product,
            "operatingSystem": ", ".join(os_list),
            "applicationCategory": "ProductivityApplication",
            "softwareVersion": version,
            "datePublished": released_iso,
            "downloadUrl": f"https://{domain}/download",
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"},
            "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.7", "ratingCount": "2318"},
        },
        indent=2,
    )
    buttons = "".join(
        f'<a class="dl-button" href="https://downloads.{domain}/{version}/{product.replace(" ", "")}-{version}-{o.lower().split()[0]}.{ {"macos": "dmg", "windows": "exe", "linux": "AppImage"}[o.lower().split()[0]] }" data-os="{esc(o)}"><span class="dl-os">{esc(o)}</span><span class="dl-ver">v{version}</span></a>'
        for o in os_list
    )
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Download {esc(product)} for Mac, Windows and Linux</title>
  <meta name="description" content="Download {esc(product)}: private, offline-first notes that sync end-to-end encrypted.">
  <link rel="canonical" href="https://{domain}/download">
  <meta property="og:title" content="Download {esc(product)}">
  <meta property="og:type" content="website">
  <meta property="og:url" content="https://{domain}/download">
  <meta property="og:image" content="https://{domain}/img/og-download.png">
  <link rel="stylesheet" href="/_astro/download.Cq8rT1xY.css">
  {data}
  {analytics("DL5A2Z7Q1R")}
</head>
<body>
  <header class="site-header">
    <a class="brand" href="/">{esc(product)}</a>
    <nav class="site-nav" aria-label="Main">{''.join(f'<a href="/{esc(n.lower())}">{esc(n)}</a>' for n in nav)}</nav>
    <a class="button button-small" href="/download">Download</a>
  </header>
  <main>
    <section class="download-hero">
      <h1>Download {esc(product)}</h1>
      <p class="lede">Free for personal use. Sync is optional.</p>
      <div class="dl-buttons">{buttons}</div>
      <p class="dl-meta">Current version: <strong>{version}</strong> · released <time datetime="{released_iso}">{esc(released)}</time> · <a href="/changelog">What’s new</a></p>
    </section>
    {body}
  </main>
  <footer class="site-footer"><p>&copy; 2026 {esc(product)} Labs · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · <a href="https://status.{domain}">Status</a></p></footer>
  {cookie_banner(cookie, lang, product)}
</body>
</html>
"""
