package org.owarelab.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest (set by Maven), with the Java runtime; the one place the version is read. */
final class VersionProvider implements IVersionProvider {
    /** The lab's version from the jar manifest, or null in a development build (classes, not the jar). */
    static String version() {
        return Main.class.getPackage().getImplementationVersion();
    }

    @Override
    public String[] getVersion() {
        String v = version();
        return new String[] {"oware " + (v == null ? "(development build)" : v),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }
}
