package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of the README, of {@code docs/} and of the other Markdown pages a reader
 * reaches from them resolves, on GitHub as in a checkout: the file exists and an anchor names a
 * heading of it.
 */
class DocsLinksTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyRelativeLinkOfTheDocumentationResolves() throws IOException {
        List<Path> files = new ArrayList<>(List.of(REPO.resolve("README.md"),
                REPO.resolve("notebooks/README.md"), REPO.resolve("env/RULES.md")));
        try (Stream<Path> docs = Files.walk(REPO.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        assertTrue(files.size() > 10, "the docs/ pages were not found under " + REPO);
        List<String> broken = MarkdownLinks.broken(REPO, files);
        assertEquals("", String.join("\n", broken), broken.size() + " broken links");
    }

    @Test
    void aMissingFileAndAMissingAnchorAreNamedWithFileAndLine(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(dir.resolve("docs/page.md"), "# A page: `oware jsonl --env`\n\n## Notes\n\n## Notes\n");
        Files.writeString(dir.resolve("README.md"), String.join("\n",
                "# Title",
                "[ok](docs/page.md#a-page-oware-jsonl---env) and [ok too](docs/page.md#notes-1), [self](#title)",
                "[gone](docs/nosuch.md)",
                "[bad anchor](docs/page.md#no-such-heading)",
                "[web](https://example.org/x.md#y) `[code](nosuch.md)`",
                "```",
                "[in a fence](nosuch.md)",
                "```",
                "![image](docs/missing.png)"));
        List<String> broken = MarkdownLinks.broken(dir, List.of(dir.resolve("README.md")));
        assertEquals(List.of(
                "README.md:3: [gone](docs/nosuch.md): no file nosuch.md",
                "README.md:4: [bad anchor](docs/page.md#no-such-heading): no heading with the anchor #no-such-heading in page.md",
                "README.md:9: [image](docs/missing.png): no file missing.png"), broken);
    }

    @Test
    void slugsFollowGitHub() {
        assertEquals("from-python-oware-jsonl---env", MarkdownLinks.slug("From Python: `oware jsonl --env`"));
        assertEquals("a-stronger-player-configsdefaultyaml", MarkdownLinks.slug("A stronger player: `configs/default.yaml`"));
        assertEquals("measured-margin-head-encoder-gumbel-2-shared-cpu-cores",
                MarkdownLinks.slug("Measured: margin head, encoder, Gumbel (2 shared CPU cores)"));
    }
}
