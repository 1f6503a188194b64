/** Small JDK-only utilities shared by every module (atomic file writes). */
package org.owarelab.util;
