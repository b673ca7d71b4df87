import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Layout flags of the spec (section 2): `collapsed` (narrow, icon-only sidebar, toggled by a
 * button), `broken` (viewport under the 768 px breakpoint) and `toggled` (the overlay sidebar is
 * open while broken).
 */
export type LayoutState = { collapsed: boolean; toggled: boolean; broken: boolean };

const initialState: LayoutState = { collapsed: false, toggled: false, broken: false };

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    toggleCollapsed(state) {
      state.collapsed = !state.collapsed;
    },
    setCollapsed(state, action: PayloadAction<boolean>) {
      state.collapsed = action.payload;
    },
    setToggled(state, action: PayloadAction<boolean>) {
      state.toggled = action.payload;
    },
    setBroken(state, action: PayloadAction<boolean>) {
      state.broken = action.payload;
      if (!action.payload) state.toggled = false;
    },
  },
});

export const { toggleCollapsed, setCollapsed, setToggled, setBroken } = layoutSlice.actions;
export const selectLayout = (state: { layout: LayoutState }) => state.layout;
