/*
 * tc-weston-control: a Weston 10 module through which the integration tests drive the compositor.
 * Weston never closes a window by itself and its headless backend has no seat, so a test could
 * neither check that the app ends on xdg_toplevel.close nor touch it. Loaded with
 * `weston --modules=/abs/path/tc-weston-control.so`; reads one command per line from the FIFO
 * named by $TC_WESTON_CONTROL:
 *
 *   close               xdg_toplevel.close to every mapped desktop window
 *   down ID X Y         a touch on its seat "tc-touch", in global (output logical) coordinates
 *   motion ID X Y
 *   up ID
 *   frame               wl_touch.frame; down/motion/up do not send one by themselves
 *   cancel              wl_touch.cancel (every touch point is gone)
 *
 * Anything else is logged and ignored.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server.h>
#include <libweston/libweston.h>
#include <libweston-desktop/libweston-desktop.h>

/* Exported by libweston 10, but their header (libweston/backend.h, libweston-internal.h) stays in
 * Weston's source tree. Signatures as in Weston 10.0. */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
void weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch,
	const char *syspath, void *backend_data, const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time,
	int touch_id, double x, double y, const struct weston_point2d_device_normalized *norm,
	int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);

#define MAX_LINE 256
#define MAX_TOUCHES 32

struct control {
	struct weston_compositor *compositor;
	struct wl_listener compositor_destroy;
	struct wl_event_source *source;
	int fd;
	int keep_fd;
	char line[MAX_LINE];
	size_t length;
	bool overlong;

	struct weston_seat seat;
	struct weston_touch_device *touch;
	/* Which touch IDs are down: Weston counts touch points without checking IDs, so an up
	 * or a motion for a finger that is not down would upset its state. */
	uint32_t down;
};

/* A desktop surface may have more than one view in the layers; close it once. */
static bool
closed_already(struct weston_compositor *compositor, struct weston_view *until)
{
	struct weston_layer *layer;
	struct weston_view *view;

	wl_list_for_each(layer, &compositor->layer_list, link) {
		wl_list_for_each(view, &layer->view_list.link, layer_link.link) {
			if (view == until)
				return false;
			if (view->surface == until->surface)
				return true;
		}
	}
	return false;
}

static void
close_all(struct control *control)
{
	struct weston_compositor *compositor = control->compositor;
	struct weston_layer *layer;
	struct weston_view *view;
	int closed = 0;

	wl_list_for_each(layer, &compositor->layer_list, link) {
		wl_list_for_each(view, &layer->view_list.link, layer_link.link) {
			struct weston_surface *surface = view->surface;

			if (!weston_surface_is_mapped(surface) ||
			    !weston_surface_is_desktop_surface(surface) ||
			    closed_already(compositor, view))
				continue;
			weston_desktop_surface_close(weston_surface_get_desktop_surface(surface));
			closed++;
		}
	}
	weston_log("tc-weston-control: close: %d desktop surface(s) asked to close\n", closed);
}

static void
touch(struct control *control, int type, int id, double x, double y)
{
	struct timespec now;

	weston_compositor_get_time(&now);
	notify_touch_normalized(control->touch, &now, id, x, y, NULL, type);
}

/* The finger and where it is, from what follows the command: "ID X Y" (with_point) or "ID". */
static bool
finger(const char *rest, bool with_point, int *id, double *x, double *y)
{
	int end = -1;

	if (with_point) {
		if (sscanf(rest, "%d %lf %lf %n", id, x, y, &end) != 3 || !isfinite(*x) || !isfinite(*y))
			return false;
	} else if (sscanf(rest, "%d %n", id, &end) != 1) {
		return false;
	}
	return end >= 0 && rest[end] == '\0' && *id >= 0 && *id < MAX_TOUCHES;
}

static void
run(struct control *control, const char *line)
{
	char command[16];
	const char *rest;
	int id, end = -1;
	double x = 0, y = 0;

	if (sscanf(line, " %15s %n", command, &end) != 1 || end < 0)
		goto bad;
	rest = line + end;

	if (strcmp(command, "close") == 0 && *rest == '\0') {
		close_all(control);
	} else if (strcmp(command, "down") == 0 && finger(rest, true, &id, &x, &y) &&
		   !(control->down & (1u << id))) {
		control->down |= 1u << id;
		touch(control, WL_TOUCH_DOWN, id, x, y);
	} else if (strcmp(command, "motion") == 0 && finger(rest, true, &id, &x, &y) &&
		   (control->down & (1u << id))) {
		touch(control, WL_TOUCH_MOTION, id, x, y);
	} else if (strcmp(command, "up") == 0 && finger(rest, false, &id, &x, &y) &&
		   (control->down & (1u << id))) {
		control->down &= ~(1u << id);
		touch(control, WL_TOUCH_UP, id, 0, 0);
	} else if (strcmp(command, "frame") == 0 && *rest == '\0') {
		notify_touch_frame(control->touch);
	} else if (strcmp(command, "cancel") == 0 && *rest == '\0') {
		control->down = 0;
		notify_touch_cancel(control->touch);
	} else {
		goto bad;
	}
	return;
bad:
	weston_log("tc-weston-control: ignored '%s'\n", line);
}

static int
readable(int fd, uint32_t mask, void *data)
{
	struct control *control = data;
	char buffer[512];
	ssize_t count;

	while ((count = read(fd, buffer, sizeof buffer)) > 0) {
		for (ssize_t i = 0; i < count; i++) {
			char c = buffer[i];

			if (c != '\n') {
				if (control->length < MAX_LINE - 1)
					control->line[control->length++] = c;
				else
					control->overlong = true;
				continue;
			}
			control->line[control->length] = '\0';
			if (control->overlong)
				weston_log("tc-weston-control: ignored a line longer than %d bytes\n",
					   MAX_LINE - 1);
			else if (control->length > 0)
				run(control, control->line);
			control->length = 0;
			control->overlong = false;
		}
	}
	if (count < 0 && errno != EAGAIN && errno != EINTR)
		weston_log("tc-weston-control: reading the FIFO: %s\n", strerror(errno));
	return 0;
}

static void
destroy(struct wl_listener *listener, void *data)
{
	struct control *control = wl_container_of(listener, control, compositor_destroy);

	wl_event_source_remove(control->source);
	close(control->fd);
	close(control->keep_fd);
	/* Weston asserts that a seat's touch has no devices left when it goes. */
	weston_touch_device_destroy(control->touch);
	weston_seat_release(&control->seat);
	free(control);
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	const char *path = getenv("TC_WESTON_CONTROL");
	struct wl_event_loop *loop = wl_display_get_event_loop(compositor->wl_display);
	struct control *control;

	if (!path || path[0] == '\0') {
		weston_log("tc-weston-control: TC_WESTON_CONTROL (the FIFO's path) is not set\n");
		return -1;
	}
	control = calloc(1, sizeof *control);
	if (!control)
		return -1;
	control->compositor = compositor;
	control->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	/* Our own write end: without one, the FIFO reads as end-of-file (readable forever) whenever
	 * no writer has it open, and the event loop would spin. */
	control->keep_fd = control->fd < 0 ? -1 : open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (control->fd < 0 || control->keep_fd < 0) {
		weston_log("tc-weston-control: cannot open the FIFO %s: %s\n", path, strerror(errno));
		goto fail;
	}
	control->source = wl_event_loop_add_fd(loop, control->fd, WL_EVENT_READABLE, readable, control);
	if (!control->source)
		goto fail;

	weston_seat_init(&control->seat, compositor, "tc-touch");
	weston_seat_init_touch(&control->seat);
	control->touch = weston_touch_create_touch_device(control->seat.touch_state,
							  "tc-weston-control", NULL, NULL);
	if (!control->touch) {
		weston_log("tc-weston-control: cannot create the touch device\n");
		wl_event_source_remove(control->source);
		weston_seat_release(&control->seat);
		goto fail;
	}

	weston_compositor_add_destroy_listener_once(compositor, &control->compositor_destroy, destroy);
	weston_log("tc-weston-control: reading commands from %s; touch seat \"tc-touch\"\n", path);
	return 0;

fail:
	if (control->fd >= 0)
		close(control->fd);
	if (control->keep_fd >= 0)
		close(control->keep_fd);
	free(control);
	return -1;
}
