import PlumScaleCore

public enum Help {
    public static let version = "plumscale \(ProgramVersion.number)"

    public static let main = """
        plumscale: a pressure-sensing touchscreen as a scale for several objects at once.

        Usage:
          plumscale [options]                 open the scale in a 1280x720 window
          plumscale render --replay FILE ...  render one frame to PNG, no display needed
          plumscale devices                   list touch devices and the force each can measure
          plumscale history list|export|delete  the saved weighings (plumscale history --help)
          plumscale config check [FILE]       check a config file and print the settings in effect

        Every command takes --help.

        Window options:
          --fullscreen              fill the screen
          --kiosk                   fullscreen weighing station for passers-by (refused as root)
          --allow-root              let --kiosk run as root all the same
          --source auto|sdl|evdev[:/dev/input/eventN]|touchpad[:/dev/input/eventN]|mouse
                                    where touches come from (default: auto); touchpad weighs
                                    on a touchpad, drawn as a pad
          --replay FILE             play a replay file (JSON Lines or evemu) in real time
          --device-description F    the evemu device description, for a recording of events only
          --size WxH                window size (default 1280x720, at least 640x360); portrait
                                    sizes rotate the layout
          --font FILE               the font to use (default: DejaVu Sans via fontconfig)
          --config FILE             settings file (default: $XDG_CONFIG_HOME/plumscale/config.json)
          --db FILE                 the history database (default: $XDG_DATA_HOME/plumscale/history.sqlite3)
          --ui-scale X              window pixels per logical pixel (default: the display's DPI,
                                    else the window size's)
          --screenshot FILE.png     with --exit-after: save the last frame shown
          --record FILE             write every input event as it happens, as a replay file
                                    (render --replay FILE --at S shows the frame seen at S)
          --record-evemu FILE       with an evdev source: write the raw kernel events as an
                                    evemu recording
          --exit-after SECONDS      quit after this many seconds
          --verbose, -v             debug log lines too (log lines go to stderr: "plumscale: LEVEL: ...")
          --help, --version

        Mouse (when no touchscreen is found, or with --source mouse):
          click             a contact under the pointer, lifted on release
          wheel             changes the force (5 points a notch)
          ctrl+click        pins a contact, so several objects stay on the screen
          c                 clears the pins
          escape            quits

        Weighing:
          t                 tare: zero every contact on the screen (also the Tare button)
          z                 clear the tare
          u                 the units of the grams shown: g, oz, lb (once calibrated)
          k                 calibrate to grams (force devices)
          space             record a weighing
          h                 the history (Peek & Pop: press a row harder, or hold it)

        Signals: SIGTERM and SIGINT end it cleanly, SIGHUP reloads the config file,
        SIGUSR1 logs a status line, SIGUSR2 is logged and ignored.

        Exit codes: 0 success, 1 runtime failure, 2 bad usage or bad input file.
        """

    public static let render = """
        Usage: plumscale render --replay FILE [--at SECONDS] [--size WxH] --out FILE.png [--state FILE.json]
                                [--font FILE] [--config FILE] [--db FILE] [--kiosk] [--verbose]
                                [--device-description FILE] [--ui-scale X]

        Replays every event with t <= SECONDS (default: the whole file) through the core
        and renders, with the software renderer, the frame that would be on screen then.
        --state writes the state document (JSON). No display is needed.
        --size is at least 640x360 (360x640 in portrait); --ui-scale X draws X pixels
        per logical pixel (default: from the size).
        """

    public static let history = """
        usage: plumscale history list [--limit N] [--db PATH]
               plumscale history export --format csv|json [--out FILE] [--db PATH]
               plumscale history delete ID [--db PATH]
               plumscale history calibrations [--limit N] [--format text|json] [--db PATH]
        """

    public static let devices = """
        Usage: plumscale devices

        Lists the touch devices under /dev/input: their axes and ranges, the force mode
        each would give (force, area or position), and why a device cannot be read.
        """

    public static let config = """
        Usage: plumscale config check [FILE]

        Reads FILE (default: $XDG_CONFIG_HOME/plumscale/config.json, else
        ~/.config/plumscale/config.json), then prints the configuration in effect as
        JSON on stdout: every key, with the default for each key the file leaves out.
        A missing default file means every default. When the file has errors, prints
        every one on stderr with its key and the reason, and exits 2.

        The keys and their defaults are listed in docs/configuration.md.
        """
}
