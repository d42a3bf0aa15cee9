import CCairo

/// Owns one `cairo_t` drawing into a ``CairoSurface``, with Swift spellings of the few calls
/// the renderer and ``GraphicsContext`` need.
///
/// A context is kept per buffer and reused every frame (creating one costs allocations);
/// callers bracket each use with ``save()`` / ``restore()`` and check ``status`` afterwards.
/// Cairo errors are sticky: once a context is in error every later call is a no-op, so the
/// owner must throw the context away instead of drawing on with it.
final class CairoContext {
    let pointer: OpaquePointer
    /// Kept alive because the context draws into it.
    let surface: CairoSurface

    init(surface: CairoSurface) throws(CairoError) {
        guard let pointer = cairo_create(surface.pointer) else { throw .noMemory }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            throw CairoError(status)
        }
        self.pointer = pointer
        self.surface = surface
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// `nil` while the context is healthy, otherwise the sticky error.
    var error: CairoError? {
        let status = cairo_status(pointer)
        return status == CAIRO_STATUS_SUCCESS ? nil : CairoError(status)
    }

    // MARK: State

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }
    func identityMatrix() { cairo_identity_matrix(pointer) }
    func scale(_ sx: Double, _ sy: Double) { cairo_scale(pointer, sx, sy) }
    func translate(_ tx: Double, _ ty: Double) { cairo_translate(pointer, tx, ty) }
    func setOperator(_ op: cairo_operator_t) { cairo_set_operator(pointer, op) }
    func setSource(red: Double, green: Double, blue: Double, alpha: Double) {
        cairo_set_source_rgba(pointer, red, green, blue, alpha)
    }
    func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }
    func setLineCap(_ cap: cairo_line_cap_t) { cairo_set_line_cap(pointer, cap) }
    func setLineJoin(_ join: cairo_line_join_t) { cairo_set_line_join(pointer, join) }

    // MARK: Paths

    func newPath() { cairo_new_path(pointer) }
    func newSubPath() { cairo_new_sub_path(pointer) }
    func closePath() { cairo_close_path(pointer) }
    func move(to x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func line(to x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    func curve(to x: Double, _ y: Double, c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        cairo_curve_to(pointer, c1x, c1y, c2x, c2y, x, y)
    }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }
    /// Arc with increasing angles (clockwise on screen, since y grows downwards).
    func arc(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc(pointer, centerX, centerY, radius, start, end)
    }
    /// Arc with decreasing angles (counter-clockwise on screen).
    func arcNegative(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc_negative(pointer, centerX, centerY, radius, start, end)
    }

    // MARK: Painting

    func fill() { cairo_fill(pointer) }
    func stroke() { cairo_stroke(pointer) }
    func paint() { cairo_paint(pointer) }
    func clip() { cairo_clip(pointer) }
    func paint(alpha: Double) { cairo_paint_with_alpha(pointer, alpha) }

    // MARK: Surfaces as sources

    /// Uses `surface` as the source, its origin at (`x`, `y`) in user space.
    func setSource(_ surface: CairoSurface, x: Double, y: Double) {
        cairo_set_source_surface(pointer, surface.pointer, x, y)
    }

    /// Paints the source through `surface`'s alpha, its origin at (`x`, `y`) in user space.
    func mask(_ surface: CairoSurface, x: Double, y: Double) {
        cairo_mask_surface(pointer, surface.pointer, x, y)
    }

    /// How the current source pattern is sampled (`cairo_pattern_set_filter`).
    func setSourceFilter(_ filter: cairo_filter_t) {
        cairo_pattern_set_filter(cairo_get_source(pointer), filter)
    }

    /// The current transformation as (xx, yx, xy, yy, x0, y0), cairo's `cairo_matrix_t` order.
    var matrix: cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        return matrix
    }

    /// Replaces the current transformation.
    func setMatrix(_ matrix: cairo_matrix_t) {
        var matrix = matrix
        cairo_set_matrix(pointer, &matrix)
    }

    /// Where a user-space point lands in device space (buffer pixels).
    func userToDevice(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        var dx = x, dy = y
        cairo_user_to_device(pointer, &dx, &dy)
        return (dx, dy)
    }

    /// Where a user-space point lands in device space under `matrix` (a transformation read
    /// earlier with ``matrix``), whatever the context's current one is.
    func userToDevice(_ x: Double, _ y: Double, matrix: cairo_matrix_t) -> (x: Double, y: Double) {
        var matrix = matrix
        var dx = x, dy = y
        cairo_matrix_transform_point(&matrix, &dx, &dy)
        return (dx, dy)
    }

    // MARK: Text (cairo's "toy" API: one font face, no shaping — enough for a button label)

    func selectFont(family: String, bold: Bool) {
        cairo_select_font_face(pointer, family, CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
    }
    func setFontSize(_ size: Double) { cairo_set_font_size(pointer, size) }
    func showText(_ text: String) { cairo_show_text(pointer, text) }
    func textExtents(_ text: String) -> cairo_text_extents_t {
        var extents = cairo_text_extents_t()
        cairo_text_extents(pointer, text, &extents)
        return extents
    }
}
