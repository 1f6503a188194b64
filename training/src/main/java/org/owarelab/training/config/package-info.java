/**
 * Typed configuration: YAML files bound to Java records (validation in their compact
 * constructors), {@code --set a.b=value} overrides applied before binding so they are validated
 * too, and errors that name the file, line and column (or the override) and what was expected.
 */
package org.owarelab.training.config;
