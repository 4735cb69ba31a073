import FeedCore

/// The page's one style sheet, inline (the page's policy allows nothing
/// else): a grid of cards that fills a phone with one column and a wide
/// screen with as many as fit, square images, system fonts only, and dark
/// colours when the reader's system asks for them.
enum FeedPageStyle {
    /// The placeholder box's colour in the light scheme (FeedPageBrowserTests looks for it in a screenshot).
    static let lightPlaceholder = "#d8d8de"

    static let css = """
    :root{color-scheme:light dark;--page:#f2f2f7;--card:#fff;--text:#1c1c1e;--muted:#636366;\
    --placeholder:\(lightPlaceholder);--edge:#e0e0e6}
    @media (prefers-color-scheme:dark){:root{--page:#000;--card:#1c1c1e;--text:#f2f2f7;--muted:#aeaeb2;\
    --placeholder:#3a3a3c;--edge:#2c2c2e}}
    *{box-sizing:border-box}
    body{margin:0;padding:clamp(12px,3vw,32px);background:var(--page);color:var(--text);\
    font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Liberation Sans",sans-serif}
    header,main{max-width:1280px;margin:0 auto}
    header{margin-bottom:clamp(12px,2vw,24px)}
    h1{margin:0;font-size:clamp(1.3rem,2.5vw,1.8rem)}
    header p{margin:.25rem 0 0;color:var(--muted)}
    main{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,16rem),1fr));gap:clamp(12px,2vw,20px)}
    figure{margin:0;background:var(--card);border:1px solid var(--edge);border-radius:14px;overflow:hidden}
    .image{display:block;width:100%;aspect-ratio:1/1;object-fit:cover}
    .placeholder{display:flex;flex-direction:column;justify-content:center;align-items:center;gap:.4rem;\
    padding:1rem;background:var(--placeholder);color:var(--muted);font-size:.8rem;text-align:center;overflow-wrap:anywhere}
    .placeholder .why{font-weight:600;text-transform:uppercase;letter-spacing:.05em}
    figcaption{padding:.75rem .9rem .9rem;overflow-wrap:anywhere;white-space:pre-line}
    figcaption p{margin:0}
    figcaption>*+*{margin-top:.3rem}
    \(selectors(.body) { "details.\($0) summary" }){display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:6;\
    line-clamp:6;overflow:hidden;cursor:pointer;list-style:none}
    \(selectors(.body) { "details.\($0) summary::-webkit-details-marker" }){display:none}
    \(selectors(.body) { "details.\($0)[open] summary" }){display:block;-webkit-line-clamp:unset;line-clamp:none}
    \(selectors(.lead) { ".\($0)" }){font-weight:600}
    \(selectors(.aside) { ".\($0)" }){color:var(--muted);font-size:.9rem}
    """

    /// The selectors of the caption's lines in `style` (their class is
    /// their field's name, `FeedItemField.page`), joined by commas.
    private static func selectors(_ style: FeedItemField.CaptionStyle, _ selector: (String) -> String) -> String {
        FeedPageFigure.Caption.names(style).map(selector).joined(separator: ",")
    }
}
