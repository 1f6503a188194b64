package org.owarelab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the relative links of Markdown files as GitHub resolves them: {@code [text](target)} and
 * {@code ![alt](target)} outside code, where the target must be a file or folder of the checkout and
 * a {@code #anchor} must be the slug of one of the target's headings (lower case, punctuation
 * removed, spaces to hyphens, {@code -1}, {@code -2}... for repeats). Web and mail links are not
 * followed.
 */
final class MarkdownLinks {
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~).*");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    private MarkdownLinks() {
    }

    /** One line per broken link: {@code FILE:LINE: [text](target): why}, FILE relative to {@code root}. */
    static List<String> broken(Path root, List<Path> files) {
        MarkdownLinks links = new MarkdownLinks();
        List<String> problems = new ArrayList<>();
        for (Path file : files) {
            links.check(root, file, problems);
        }
        return problems;
    }

    private void check(Path root, Path file, List<String> problems) {
        List<String> lines = read(file);
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).matches()) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (m.find()) {
                String why = problem(file, m.group(2));
                if (why != null) {
                    problems.add(root.relativize(file) + ":" + (i + 1) + ": " + m.group() + ": " + why);
                }
            }
        }
    }

    private String problem(Path file, String target) {
        if (target.matches("(?i)^(https?|mailto):.*")) {
            return null;
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!Files.exists(resolved)) {
            return "no file " + resolved.getFileName();
        }
        if (hash < 0) {
            return null;
        }
        String anchor = target.substring(hash + 1);
        if (!resolved.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        if (!anchors.computeIfAbsent(resolved, MarkdownLinks::headingSlugs).contains(anchor)) {
            return "no heading with the anchor #" + anchor + " in " + resolved.getFileName();
        }
        return null;
    }

    /** The anchors GitHub gives the headings of a Markdown file. */
    static Set<String> headingSlugs(Path file) {
        Set<String> slugs = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : read(file)) {
            if (FENCE.matcher(line).matches()) {
                fenced = !fenced;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (fenced || !m.matches()) {
                continue;
            }
            String slug = slug(m.group(2));
            int n = seen.merge(slug, 1, Integer::sum);
            slugs.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        return slugs;
    }

    /** GitHub's slug of a heading's text: a link keeps its text, punctuation goes, spaces become hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}\\p{M}\\p{Pc} -]", "")
                .replace(' ', '-');
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
