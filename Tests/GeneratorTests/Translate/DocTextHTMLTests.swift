import Testing

@testable import GeneratorCore

/// Issue 31: HTML in descriptions becomes the Markdown doc comments render; text that only looks
/// like HTML stays as written.
@Suite("Doc text: HTML as Markdown")
struct DocTextHTMLTests {
    func markdown(_ html: String) -> String { HTMLMarkdown.markdown(html) }

    @Test func inlineElements() {
        #expect(
            markdown("See <a href=\"https://example.invalid/docs\">the docs</a>.")
                == "See [the docs](https://example.invalid/docs).")
        #expect(markdown("Use <code>limit</code> or <tt>offset</tt>") == "Use `limit` or `offset`")
        #expect(
            markdown("<b>Bold</b>, <strong>strong</strong>, <i>it</i>, <em>em</em>")
                == "**Bold**, **strong**, *it*, *em*")
        #expect(markdown("<B>upper</B> <EM>case</EM>") == "**upper** *case*")
        #expect(markdown("a<b> spaced </b>b") == "a **spaced** b")
        #expect(markdown("<b><i>both</i></b>") == "***both***")
        #expect(markdown("<b></b>empty") == "empty")
    }

    @Test func links() {
        // Attributes in either quotes, unquoted, entities decoded; spaces and parentheses escaped.
        #expect(
            markdown("<a href='https://example.invalid/?a=1&amp;b=2' target=_blank>x</a>")
                == "[x](https://example.invalid/?a=1&b=2)")
        #expect(markdown("<a href=https://example.invalid/x>x</a>") == "[x](https://example.invalid/x)")
        #expect(
            markdown("<a href=\"https://example.invalid/a b(c)\">x</a>") == "[x](https://example.invalid/a%20b%28c%29)")
        // No text: the destination; no destination: the text.
        #expect(markdown("<a href=\"https://example.invalid\"></a>") == "https://example.invalid")
        #expect(markdown("<a name=\"top\">anchor</a>") == "anchor")
        #expect(markdown("<a href=\"https://example.invalid\"><code>x</code></a>") == "[`x`](https://example.invalid)")
        // Unclosed: closed at the end.
        #expect(markdown("<a href=\"https://example.invalid\">open") == "[open](https://example.invalid)")
    }

    @Test func blocks() {
        #expect(markdown("<p>One.</p><p>Two.</p>") == "One.\n\nTwo.")
        #expect(markdown("<p>\n  One.\n</p>\n<p>Two.</p>\n") == "One.\n\nTwo.")
        #expect(markdown("Line<br>next<br/>last<br />") == "Line\nnext\nlast")
        #expect(markdown("Para<br><br>next") == "Para\n\nnext")
        // A `<br>` at the end of a Markdown line is that line's break, not a paragraph.
        #expect(markdown("a document.<br>\n**NOTE:** b") == "a document.\n**NOTE:** b")
        #expect(markdown("a<br>\n\nb") == "a\n\nb")
        #expect(markdown("<h2>Title</h2>Body<hr>End") == "Title\n\nBody\n\nEnd")
        #expect(markdown("<div>a</div><div>b</div>") == "a\n\nb")
    }

    @Test func lists() {
        #expect(markdown("Values:<ul><li>one</li><li>two</li></ul>After") == "Values:\n\n- one\n- two\n\nAfter")
        #expect(markdown("<ol>\n  <li>first</li>\n  <li>second</li>\n</ol>") == "1. first\n2. second")
        #expect(markdown("<ul><li>a<ul><li>inner</li></ul></li><li>b</li></ul>") == "- a\n  - inner\n- b")
        #expect(markdown("<ul><li><p>para item</p></li><li>b</li></ul>") == "- para item\n- b")
        #expect(markdown("<li>stray item") == "- stray item")
    }

    @Test func preformatted() {
        #expect(markdown("Example:<pre>{\n  \"a\": 1\n}</pre>Done") == "Example:\n\n```\n{\n  \"a\": 1\n}\n```\n\nDone")
        #expect(markdown("<pre><code>x &lt; y</code></pre>") == "```\nx < y\n```")
        // Backticks inside choose a longer fence.
        #expect(markdown("<code>a`b</code>") == "``a`b``")
        #expect(markdown("<code>`tick`</code>") == "`` `tick` ``")
        #expect(markdown("<code>a\nb</code>") == "`a b`")
        #expect(markdown("<pre>```\nfenced\n```</pre>") == "````\n```\nfenced\n```\n````")
    }

    @Test func entities() {
        #expect(
            markdown("Tom &amp; Jerry &lt;3 &gt; &quot;q&quot; &apos;s&#39; &#x27;h&#X27;")
                == "Tom & Jerry <3 > \"q\" 's' 'h'")
        #expect(markdown("a&nbsp;b &mdash; c&hellip;") == "a b \u{2014} c\u{2026}")
        // Not entities: left as written.
        #expect(markdown("AT&T, a & b, &unknown; &#; &#xZZ; &amp") == "AT&T, a & b, &unknown; &#; &#xZZ; &amp")
        // A reference to a control character would end the `///` line: kept as written.
        #expect(markdown("a&#13;b&#x2028;c&#0;d&#xD800;e") == "a&#13;b&#x2028;c&#0;d&#xD800;e")
        #expect(markdown("&#128512;") == "\u{1F600}")
        // An escaped tag stays text for Markdown too; an escaped entity stays one.
        #expect(markdown("a &lt;b&gt; tag, &lt;/p&gt;, &lt;!--") == "a \\<b> tag, \\</p>, \\<!--")
        #expect(markdown("&amp;lt; and &amp;#39; and &amp;amp") == "&amp;lt; and &amp;#39; and &amp")
        #expect(markdown("<code>&lt;b&gt; &amp;lt;</code>") == "`<b> &lt;`")
    }

    @Test func unknownTagsAndTextThatLooksLikeTags() {
        // HTML elements without a Markdown spelling: the tags go, the text stays.
        #expect(markdown("<span class=\"x\">kept</span> <sup>2</sup> <font color=red>red</font>") == "kept 2 red")
        #expect(markdown("a<!-- note -->b") == "ab")
        #expect(markdown("<img src=\"x.png\" alt=\"diagram\">") == "diagram")
        // Names HTML does not define are text: XML element names in prose.
        #expect(markdown("just a <Description> element") == "just a <Description> element")
        #expect(markdown("2 <TrackingCategory> elements &amp; more") == "2 <TrackingCategory> elements & more")
        #expect(markdown("`<lang>/<path>` files") == "`<lang>/<path>` files")
    }

    @Test func malformedMarkupKeepsEveryCharacter() {
        #expect(markdown("a < b and c > d") == "a < b and c > d")
        #expect(markdown("if a<b and c>d") == "if a<b and c>d")
        #expect(markdown("x <b") == "x <b")
        #expect(markdown("x <a href=\"unclosed>text</a> rest") == "x <a href=\"unclosed>text</a> rest")
        #expect(markdown("<!-- open comment") == "<!-- open comment")
        #expect(markdown("<b>unclosed bold") == "**unclosed bold**")
        #expect(markdown("<code>unclosed code") == "`unclosed code`")
        #expect(markdown("</b>stray close</p>") == "stray close")
        #expect(markdown("<b<i>x") == "<b*x*")
        #expect(markdown("1 <2> 3 <<p>>") == "1 <2> 3 <\n\n>")
        #expect(markdown("<p title='a\"b'>quotes</p>") == "quotes")
    }

    /// Plain text, and text with nothing that converts, comes back unchanged.
    @Test func textWithoutMarkupIsUnchanged() {
        for text in ["plain", "a\n\nb", "  spaced  ", "é <ü> & ñ", "<Tax Amount> is <x y=z>", ""] {
            #expect(markdown(text) == text.trimmingTrailingSpace, "\(text.debugDescription)")
        }
        #expect(!HTMLMarkdown.mayHoldMarkup("no markup at all, not even in a long line of text"))
        #expect(HTMLMarkdown.mayHoldMarkup("a long line of text, then an entity: &amp;"))
        #expect(HTMLMarkdown.mayHoldMarkup("<"))
    }

    /// What reaches the comment: the first paragraph of the Markdown, wrapped.
    @Test func docTextTakesTheFirstParagraphOfTheMarkdown() {
        #expect(DocText.paragraph("<p>The <b>first</b> one.</p><p>The second.</p>") == ["The **first** one."])
        #expect(
            DocText.paragraph("Signer identity.<br>\n**NOTE:** premium only.") == [
                "Signer identity. **NOTE:** premium only."
            ])
        #expect(DocText.paragraph("&lt;none&gt; &lt; 3") == ["\\<none> < 3"])
        #expect(DocText.paragraph("<p></p>") == [])
        #expect(
            DocText.paragraph("<a href=\"https://example.invalid\">link</a>") == ["[link](https://example.invalid)"])
    }

    /// A carriage return alone would end the `///` line: it breaks the line as a line feed does.
    /// List items keep a line each, in the first paragraph, for HTML lists and Markdown ones.
    @Test func listItemsKeepTheirLines() {
        #expect(DocText.paragraph("<ul><li>one</li><li>two</li></ul>") == ["- one", "- two"])
        #expect(DocText.paragraph("<ol><li>one</li><li>two</li></ol>") == ["1. one", "2. two"])
        #expect(DocText.paragraph("Values:\n- one\n- two\n  more\n\nnext") == ["Values:", "- one", "- two more"])
        #expect(
            DocText.paragraph("In\n2018. a year\n1. first\n2. second") == ["In 2018. a year", "1. first", "2. second"])
        #expect(DocText.paragraph("-1 is\n-not a list") == ["-1 is -not a list"])
        #expect(
            DocText.paragraph("Kinds:\n- text:\n  - is\n    - deep\n- other") == [
                "Kinds:", "- text:", "  - is", "    - deep", "- other",
            ])
        let nested = "x\n- a\n  - b b b b\n" + String(repeating: " ", count: 12) + "- c\n\tnot"
        for text in [
            "- a\n- b", "x\n* a\n+ b\n3) c", "1) a\n2) b", "é\n- ü", String(repeating: "- word ", count: 30), nested,
        ] {
            for width in [96, 4] {
                #expect(
                    DocText.asciiParagraph(text, width: width) == DocText.characterParagraph(text, width: width)
                        || !text.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
            }
        }
    }

    @Test func loneCarriageReturnIsALineBreak() {
        #expect(DocText.paragraph("a\rb") == ["a b"])
        #expect(DocText.paragraph("a\r\rb") == ["a"])
        #expect(DocText.paragraph("é\rü") == ["é ü"])
    }

    /// Nesting, unclosed quotes and comments, and runs of `<` stay linear: each input is many
    /// copies of a hostile piece, and the output keeps every visible character.
    @Test func hostileShapesStayLinear() {
        let pieces = [
            "<b", "<a href=\"", "<!--", "<ul><li>", "<b><i><em><strong>", "</b>", "<", "&#", "&amp", "<a x='<a y='",
            "<code>", "<pre>", "<a href=x>", "<p a b c d",
        ]
        for piece in pieces {
            let text = String(repeating: piece + "x ", count: 20_000)
            let result = HTMLMarkdown.markdown(text)
            #expect(result.utf8.count < 6 * text.utf8.count, "\(piece)")
            #expect(result.filter { $0 == "x" }.count >= 20_000, "\(piece)")
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSpace: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
