package org.owarelab.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest (set by Maven), with the Java runtime. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"oware " + (v == null ? "(development build)" : v),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }
}
