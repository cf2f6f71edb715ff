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

G_END_DECLS
