/* rf-suppress: in-source allowances and baselines (see rf-suppress.h).
 *
 * Allowances are found by scanning each source text for "racefree:" where a comment
 * is open on that line (a "//" or "/" "*" before it, or a line of a block comment
 * that starts with "*"); the text up to the end of the line or of the comment is
 * "allow WHAT: REASON", WHAT with its white space collapsed. A baseline is read with
 * json-glib: the fingerprints of the race locations and deadlock findings it shows. */
#include "rf-suppress.h"

#include <string.h>
#include <json-glib/json-glib.h>

#include "rf-driver.h"

/* TRUE when LINE (LEN bytes before the match) has a comment open before the match. */
static gboolean
in_comment (const char *line, gsize len)
{
  g_autofree char *before = g_strndup (line, len);
  if (strstr (before, "//") || strstr (before, "/*"))
    return TRUE;
  const char *p = before;
  while (g_ascii_isspace (*p))
    p++;
  return *p == '*';
}

/* WHAT names a kind of finding: "race on X" or a deadlock kind's question and a name. */
static gboolean
known_finding (const char *what)
{
  if (g_str_has_prefix (what, "race on ") && what[8])
    return TRUE;
  for (RfDeadlockKind k = 0; k < RF_DEADLOCK_N_KINDS; k++)
    {
      const char *q = rf_deadlock_kind_info (k)->question;
      gsize n = strlen (q);
      if (strncmp (what, q, n) == 0 && what[n] == ' ' && what[n + 1])
        return TRUE;
    }
  return FALSE;
}

/* The allowance at P ("racefree:" on line LINE, column COL of FILE), to the end of
 * the line at EOL: added to RES, or a warning in DIAGS. */
static void
read_allowance (RfCheckResult *res, RfDiags *diags, const char *file, guint line, guint col, const char *p,
                const char *eol)
{
  RfLoc loc = { file, line, col };
  p += strlen ("racefree:");
  while (p < eol && g_ascii_isspace (*p))
    p++;
  if (!(eol - p >= 5 && strncmp (p, "allow", 5) == 0 && (p + 5 == eol || g_ascii_isspace (p[5]))))
    return;   /* some other remark about racefree */
  p += 5;
  const char *end = eol;
  for (const char *q = p; q + 1 < eol; q++)
    if (q[0] == '*' && q[1] == '/')
      {
        end = q;
        break;
      }
  g_autofree char *body = g_strndup (p, (gsize) (end - p));
  g_strchomp (body);
  /* WHAT ends at the first ": " (a name such as heap@f.c:12 has no space after its
   * colon), or at a colon ending the comment */
  char *colon = strstr (body, ": ");
  if (!colon && g_str_has_suffix (body, ":"))
    colon = body + strlen (body) - 1;
  g_autofree char *reason = colon ? rf_diag_collapse_space (colon + 1, strlen (colon + 1)) : g_strdup ("");
  if (colon)
    *colon = '\0';
  g_autofree char *what = rf_diag_collapse_space (body, strlen (body));
  if (!known_finding (what))
    {
      rf_diags_add (diags, RF_DIAG_WARNING, loc,
                    "'racefree: allow %s' names no kind of finding (expected race on VAR, lock order A -> B -> A, "
                    "relock M, unlock M, end holding M or condition C with M1 and M2); ignored", what);
      return;
    }
  if (!*reason)
    {
      rf_diags_add (diags, RF_DIAG_WARNING, loc,
                    "'racefree: allow %s' gives no reason (racefree: allow %s: REASON); ignored", what, what);
      return;
    }
  rf_check_result_add_allowance (res, what, loc, reason);
}

/* The allowances in TEXT (LEN bytes) of FILE. */
static void
read_text (RfCheckResult *res, RfDiags *diags, const char *file, const char *text, gsize len)
{
  const char *end = text + len;
  guint line = 1;
  for (const char *bol = text; bol < end; line++)
    {
      const char *eol = memchr (bol, '\n', (gsize) (end - bol));
      if (!eol)
        eol = end;
      for (const char *p = bol; p + 9 <= eol; p++)
        if (memcmp (p, "racefree:", 9) == 0 && in_comment (bol, (gsize) (p - bol)))
          {
            read_allowance (res, diags, file, line, (guint) (p - bol) + 1, p, eol);
            break;
          }
      bol = eol + 1;
    }
}

void
rf_suppress_read_allowances (RfCheckResult *res, RfDiags *diags)
{
  rf_driver_read_sources (res);
  g_autoptr (GPtrArray) files = rf_driver_source_files (res);
  for (guint i = 0; i < files->len; i++)
    {
      const char *file = g_ptr_array_index (files, i);
      gsize len = 0;
      const char *text = rf_check_result_lookup_source (res, file, &len, NULL);
      if (text && g_strstr_len (text, (gssize) len, "racefree:"))
        read_text (res, diags, file, text, len);
    }
}

/* Adds the "fingerprint" of each element of member KEY of OBJ (an array of objects)
 * whose "verdict" is VERDICT to SET. FALSE when KEY is there but not such an array. */
static gboolean
add_fingerprints (JsonObject *obj, const char *key, const char *verdict, GHashTable *set)
{
  if (!obj || !json_object_has_member (obj, key))
    return TRUE;
  JsonNode *node = json_object_get_member (obj, key);
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  JsonArray *a = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_OBJECT (e))
        return FALSE;
      JsonObject *o = json_node_get_object (e);
      const char *v = json_object_get_string_member_with_default (o, "verdict", "");
      const char *fp = json_object_get_string_member_with_default (o, "fingerprint", NULL);
      if (strcmp (v, verdict) == 0 && fp)
        g_hash_table_add (set, g_strdup (fp));
    }
  return TRUE;
}

gboolean
rf_suppress_read_baseline (RfCheckResult *res, const char *file, GError **error)
{
  g_autoptr (GString) text = rf_input_read_file (file, NULL, error);
  if (!text)
    return FALSE;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) parse_error = NULL;
  if (!json_parser_load_from_data (parser, text->str, (gssize) text->len, &parse_error))
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_SYNTAX, "%s: not a racefree JSON report: %s", file,
                   parse_error->message);
      return FALSE;
    }
  JsonNode *root = json_parser_get_root (parser);
  JsonObject *top = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  JsonObject *tool = top && json_object_has_member (top, "tool")
                       && JSON_NODE_HOLDS_OBJECT (json_object_get_member (top, "tool"))
                     ? json_object_get_object_member (top, "tool") : NULL;
  const char *name = tool ? json_object_get_string_member_with_default (tool, "name", "") : "";
  if (strcmp (name, "racefree") != 0 || !json_object_has_member (top, "locations"))
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_SYNTAX,
                   "%s: not a racefree JSON report (expected the output of 'racefree check --format json')", file);
      return FALSE;
    }
  g_autoptr (GHashTable) set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  JsonObject *deadlocks = json_object_has_member (top, "deadlocks")
                          && JSON_NODE_HOLDS_OBJECT (json_object_get_member (top, "deadlocks"))
                        ? json_object_get_object_member (top, "deadlocks") : NULL;
  if (!add_fingerprints (top, "locations", "race", set)
      || !add_fingerprints (deadlocks, "findings", "deadlock", set))
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_SYNTAX,
                   "%s: not a racefree JSON report (its locations or findings are not lists of objects)", file);
      return FALSE;
    }
  rf_check_result_set_baseline (res, g_steal_pointer (&set), file);
  return TRUE;
}

void
rf_suppress_warn_unused (const RfCheckResult *res, RfDiags *diags)
{
  g_autoptr (GArray) locs = NULL;
  g_autoptr (GPtrArray) unused = rf_check_result_unused_allowances (res, &locs);
  for (guint i = 0; i < unused->len; i++)
    rf_diags_add (diags, RF_DIAG_WARNING, g_array_index (locs, RfLoc, i),
                  "'racefree: allow %s' suppresses nothing: no such finding in this run",
                  (const char *) g_ptr_array_index (unused, i));
}
