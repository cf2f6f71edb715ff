/* rf-dot: nets as Graphviz DOT, built with libcgraph (the only module that includes it).
 * Job types are clusters labelled with the job name; control places are labelled with
 * their source line; shared places (locks, Read/Write, signals) are drawn as distinct
 * shapes outside every cluster; transitions are boxes labelled with their statement.
 * Output is deterministic: objects are created in id order. */
#pragma once

#include <glib.h>
#include "rf-net.h"

G_BEGIN_DECLS

/* The DOT text of NET (owned). */
char *rf_dot_net_to_string (const RfNet *net, const char *graph_name);

/* TRUE for the formats rf_dot_net_render produces: svg, png, pdf. */
gboolean rf_dot_format_is_rendered (const char *format);

/* NET laid out with Graphviz's dot layout and rendered by its own library (gvc,
 * no subprocess) in FORMAT; NULL with *error set when Graphviz fails. */
GBytes *rf_dot_net_render (const RfNet *net, const char *graph_name, const char *format, GError **error);

G_END_DECLS
